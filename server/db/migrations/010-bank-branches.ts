import type { Kysely } from 'kysely';

/**
 * The bank branch directory (loaded from the shipped snapshot on first start), its word index for
 * branch search, and the versions of loaded reference data. Portable types only (SQLite and PostgreSQL).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reference_data_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('loaded_at', 'bigint', (c) => c.notNull())
    .execute();

  let branches = db.schema.createTable('bank_branches').addColumn('ifsc', 'text', (c) => c.primaryKey());
  for (const column of ['bank_code', 'bank', 'branch', 'address', 'city', 'district', 'state', 'micr', 'contact']) {
    branches = branches.addColumn(column, 'text', (c) => c.notNull());
  }
  await branches.execute();
  await db.schema.createIndex('bank_branches_bank').on('bank_branches').columns(['bank_code', 'ifsc']).execute();

  await db.schema
    .createTable('bank_branch_words')
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull())
    .addColumn('ifsc', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bank_branch_words_pk', ['bank_code', 'word', 'ifsc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bank_branch_words').ifExists().execute();
  await db.schema.dropIndex('bank_branches_bank').ifExists().execute();
  await db.schema.dropTable('bank_branches').ifExists().execute();
  await db.schema.dropTable('reference_data_versions').ifExists().execute();
}

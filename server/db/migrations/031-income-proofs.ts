import type { Kysely } from 'kysely';

/**
 * Income-proof submissions: an account-aggregator consent (looked up by consent id, owned by one
 * applicant), a checked PDF, or a skip. `result` is a JSON document; a PDF password is never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('income_proofs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('consent_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Many NULLs are allowed in a unique index on both SQLite and PostgreSQL.
  await db.schema.createIndex('income_proofs_consent_unique').on('income_proofs').column('consent_id').unique().execute();
  await db.schema.createIndex('income_proofs_user').on('income_proofs').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('income_proofs').ifExists().execute();
}

import type { Kysely } from 'kysely';

/** Re-KYC income declarations: a history (one row each), since the broker asks again every year. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('income_declarations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('income', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text')
    .addColumn('document_id', 'text')
    .addColumn('declared_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('income_declarations_user').on('income_declarations').columns(['user_id', 'declared_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('income_declarations').ifExists().execute();
}

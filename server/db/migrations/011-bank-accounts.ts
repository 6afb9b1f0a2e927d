import type { Kysely } from 'kysely';

/** UPI reverse penny drop requests (the linked account itself is the bank step's document in step_data). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rpd_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('intent_link', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('resolved_at', 'bigint')
    .execute();
  await db.schema.createIndex('rpd_requests_user').on('rpd_requests').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('rpd_requests_payment').on('rpd_requests').column('payment_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rpd_requests').ifExists().execute();
}

import type { Kysely } from 'kysely';

/**
 * Identity-widget requests (KYC, selfie, one per eSign document): who started each one, so only
 * that applicant may verify it, and whether it was verified. `result` is the provider's report as
 * a JSON document (never a full Aadhaar number).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_requests')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('document', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('verified_at', 'bigint')
    .execute();
  await db.schema.createIndex('identity_requests_user_kind').on('identity_requests').columns(['user_id', 'kind']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('identity_requests').ifExists().execute();
}

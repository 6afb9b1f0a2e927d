import type { Kysely } from 'kysely';

/**
 * Whose turn it is, per applicant, across instances sharing one PostgreSQL database: a lease one request holds
 * while it may change the application (platform/applicant-turns.ts). A crashed instance's lease expires.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('applicant_turns')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('applicant_turns').ifExists().execute();
}

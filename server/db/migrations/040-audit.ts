import type { Kysely } from 'kysely';

/**
 * The back office's audit trail: one row per decision, re-KYC link and email about them, appended only.
 * No foreign key cascade: deleting an applicant must not silently take their review history with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_trail')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_step', 'text')
    .addColumn('to_step', 'text')
    .addColumn('reasons', 'text')
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('audit_trail_user_at').on('audit_trail').columns(['user_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_trail').ifExists().execute();
}

import type { Kysely } from 'kysely';

/**
 * "Need help?" on every page (SEBI's accessibility circular of July 2025: a person with a disability, or anyone stuck,
 * can finish with the broker's help): the number to call, when, the page it was asked from, the applicant if signed in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('help_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('step', 'text')
    .addColumn('contact_time', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('help_requests_created').on('help_requests').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('help_requests').ifExists().execute();
}

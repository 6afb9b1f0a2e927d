import type { Kysely } from 'kysely';

/**
 * First-party funnel analytics. No personal data: `subject` is a keyed hash of the applicant's id (null before
 * sign-in), `step` and `route` come from flow.json, `message` is a text the app showed. Swept after the retention.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('step', 'text')
    .addColumn('route', 'text')
    .addColumn('subject', 'text')
    .addColumn('outcome', 'text')
    .addColumn('message', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('analytics_events_at').on('analytics_events').column('at').execute();
  await db.schema.createIndex('analytics_events_step').on('analytics_events').columns(['step', 'type', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('analytics_events').ifExists().execute();
}

import type { Kysely } from 'kysely';

/**
 * The config studio (issue 31): drafts of the config, each the files it changes against the release it started
 * from, and each draft's history (who made, edited, proposed, sent back or approved it, when and why). Kept after
 * publishing: the history is the record of who changed what the applicants read.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('config_drafts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('author', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('base_release', 'integer', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('published_release', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('config_draft_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('draft_id', 'text', (c) => c.notNull().references('config_drafts.id'))
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('config_draft_events_draft').on('config_draft_events').columns(['draft_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('config_draft_events').ifExists().execute();
  await db.schema.dropTable('config_drafts').ifExists().execute();
}

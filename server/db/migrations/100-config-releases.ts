import type { Kysely } from 'kysely';

/**
 * Config releases (issue 29): the whole checked config (flow-config/ and schemas/, every language) frozen under a
 * content hash and a number, stored here so every instance sees the same releases. `files` is the JSON object of
 * each file's path and its exact text. Each application names the release current when it signed up
 * (`users.config_release`, a release number; null only before the first release is made at start-up). `migration`:
 * JSON of how the release moved open applications when it was made ({ "moves": { "<old step>": "<new step>" } }), or null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('config_releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('number', 'integer', (c) => c.notNull().unique())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('files', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('migration', 'text')
    .execute();
  await db.schema.alterTable('users').addColumn('config_release', 'integer').execute();
  await db.schema.createIndex('users_config_release').on('users').column('config_release').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_config_release').ifExists().execute();
  await db.schema.alterTable('users').dropColumn('config_release').execute();
  await db.schema.dropTable('config_releases').ifExists().execute();
}

import type { Kysely } from 'kysely';

/**
 * Evidence of what was agreed (issue 29): a consent (a Privacy Notice purpose) and an acknowledgement (the MITC) name
 * the config release the applicant was pinned to, so their words are read back from it; a consent also keeps the
 * language and the SHA-256 of the purpose's words shown (an acknowledgement has both since 110). Acknowledgements get a
 * table beside theirs: this migration sorts before 110, which creates them. Null or no row: given before releases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('consents').addColumn('config_release', 'integer').execute();
  await db.schema.alterTable('consents').addColumn('language', 'text').execute();
  await db.schema.alterTable('consents').addColumn('text_sha256', 'text').execute();
  await db.schema
    .createTable('acknowledgement_releases')
    .addColumn('acknowledgement_id', 'text', (c) => c.primaryKey())
    .addColumn('config_release', 'integer', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('acknowledgement_releases').ifExists().execute();
  await db.schema.alterTable('consents').dropColumn('text_sha256').execute();
  await db.schema.alterTable('consents').dropColumn('language').execute();
  await db.schema.alterTable('consents').dropColumn('config_release').execute();
}

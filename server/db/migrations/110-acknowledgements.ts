import type { Kysely } from 'kysely';

/**
 * Evidence of what the applicant acknowledged (the MITC before eSign): the evidence text's stable key and version, the
 * language it was read in, the SHA-256 of its exact words as shown, the statement ticked, and when. One row per
 * applicant, key and version: acknowledging the same wording again keeps the first time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('acknowledgements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('evidence_key', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('text_sha256', 'text', (c) => c.notNull())
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('acknowledged_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('acknowledgements_user_key').on('acknowledgements').columns(['user_id', 'evidence_key', 'version']).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('acknowledgements').ifExists().execute();
}

import type { Kysely } from 'kysely';

/**
 * The sandbox identity widget's captured selfie, held on the provider's side as Digio holds the real one, until
 * the server fetches it after verification. Stays empty with real providers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_media')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_media').ifExists().execute();
}

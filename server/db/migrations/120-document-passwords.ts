import type { Kysely } from 'kysely';

/**
 * The password of an encrypted PDF an applicant uploaded (income proof, a re-upload on /modification), sealed with the
 * documents' key, so a reviewer can open the file (issue 32). One row per document; it goes with the document's row
 * (replaced upload, erasure) and with the applicant's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('document_passwords')
    .addColumn('document_id', 'text', (c) => c.primaryKey().references('documents.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('document_passwords').ifExists().execute();
}

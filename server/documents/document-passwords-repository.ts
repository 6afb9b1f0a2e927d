import type { Kysely, Transaction } from 'kysely';
import type { Database, DocumentPasswordsTable } from '../db/schema';

/** The sealed passwords of encrypted PDFs (migration 120): the documents service seals them; nothing here sees one. */
type Db = Kysely<Database> | Transaction<Database>;

export async function insertDocumentPassword(db: Db, row: DocumentPasswordsTable): Promise<void> {
  await db.insertInto('document_passwords').values(row).execute();
}

/** The sealed password of a document, if one was kept. */
export async function findDocumentPassword(db: Db, documentId: string): Promise<string | undefined> {
  const row = await db.selectFrom('document_passwords').select('sealed').where('document_id', '=', documentId).executeTakeFirst();
  return row?.sealed;
}

/** Which of these documents have a kept password. */
export async function documentsWithPassword(db: Db, documentIds: readonly string[]): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const rows = await db.selectFrom('document_passwords').select('document_id').where('document_id', 'in', [...documentIds]).execute();
  return new Set(rows.map((row) => row.document_id));
}

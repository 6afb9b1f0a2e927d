import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The sealed password of an encrypted PDF (migration 120), kept apart from db/schema.ts like the bank's tables:
 * `passwordsDb(db)` widens the app's Kysely instance with it. The text is sealed by the documents service
 * (sealSecret); nothing here ever sees the password itself.
 */
export type DocumentPasswordsTable = {
  document_id: string;
  user_id: string;
  /** Base64 of the sealed password (AES-256-GCM under the documents' key, the document's id as associated data). */
  sealed: string;
  created_at: number;
};

type PasswordsDatabase = Database & { document_passwords: DocumentPasswordsTable };
type Db = Kysely<Database> | Transaction<Database>;

const passwordsDb = (db: Db) => db as unknown as Kysely<PasswordsDatabase>;

export async function insertDocumentPassword(db: Db, row: DocumentPasswordsTable): Promise<void> {
  await passwordsDb(db).insertInto('document_passwords').values(row).execute();
}

/** The sealed password of a document, if one was kept. */
export async function findDocumentPassword(db: Db, documentId: string): Promise<string | undefined> {
  const row = await passwordsDb(db).selectFrom('document_passwords').select('sealed').where('document_id', '=', documentId).executeTakeFirst();
  return row?.sealed;
}

/** Which of these documents have a kept password. */
export async function documentsWithPassword(db: Db, documentIds: readonly string[]): Promise<Set<string>> {
  if (documentIds.length === 0) return new Set();
  const rows = await passwordsDb(db).selectFrom('document_passwords').select('document_id').where('document_id', 'in', [...documentIds]).execute();
  return new Set(rows.map((row) => row.document_id));
}

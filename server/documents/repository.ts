import type { Kysely, Transaction } from 'kysely';
import type { Database, DocumentRow } from '../db/schema';

export async function insertDocuments(db: Kysely<Database>, rows: readonly DocumentRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('documents').values([...rows]).execute();
}

/** Deletes the owner's documents among `ids` (others' are left alone); returns the rows deleted, whose files go next. */
export async function deleteOwnedDocuments(db: Kysely<Database> | Transaction<Database>, userId: string, ids: readonly string[]): Promise<DocumentRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('documents').selectAll().where('user_id', '=', userId).where('id', 'in', [...ids]).execute();
  if (rows.length > 0) await db.deleteFrom('documents').where('user_id', '=', userId).where('id', 'in', rows.map((row) => row.id)).execute();
  return rows;
}

/** The document only when `userId` owns it: another applicant's id reads as not found. */
export async function findOwnedDocument(db: Kysely<Database>, userId: string, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Every document of one applicant, oldest first. */
export async function listUserDocuments(db: Kysely<Database>, userId: string): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

/** Any applicant's document: for the back office only, which audits every read. */
export async function findDocumentById(db: Kysely<Database>, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every stored document's id and storage key, a page at a time in id order (for re-sealing under a new key). */
export async function listStoredDocuments(db: Kysely<Database>, afterId: string, limit: number): Promise<Pick<DocumentRow, 'id' | 'storage_key'>[]> {
  return db.selectFrom('documents').select(['id', 'storage_key']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

/** Deletes every document row of one applicant (their erasure; the files went first). */
export async function deleteAllDocumentsOf(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('documents').where('user_id', '=', userId).execute();
}

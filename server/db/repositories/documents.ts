import type { Kysely } from 'kysely';
import type { Database, DocumentRow } from '../schema';

export async function insertDocuments(db: Kysely<Database>, rows: readonly DocumentRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('documents').values([...rows]).execute();
}

/** The document only when `userId` owns it: another applicant's id reads as not found. */
export async function findOwnedDocument(db: Kysely<Database>, userId: string, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Every stored document's id and storage key, a page at a time in id order (for re-sealing under a new key). */
export async function listStoredDocuments(db: Kysely<Database>, afterId: string, limit: number): Promise<Pick<DocumentRow, 'id' | 'storage_key'>[]> {
  return db.selectFrom('documents').select(['id', 'storage_key']).where('id', '>', afterId).orderBy('id').limit(limit).execute();
}

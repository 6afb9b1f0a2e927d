import type { Kysely } from 'kysely';
import type { Database, DocumentRow } from '../schema';

export async function insertDocuments(db: Kysely<Database>, rows: readonly DocumentRow[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('documents').values([...rows]).execute();
}

/** The document only when `userId` owns it: another applicant's id reads as not found. */
export async function findOwnedDocument(db: Kysely<Database>, userId: string, id: string): Promise<DocumentRow | undefined> {
  return db.selectFrom('documents').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Every document of one applicant, oldest first. */
export async function listOwnedDocuments(db: Kysely<Database>, userId: string): Promise<DocumentRow[]> {
  return db.selectFrom('documents').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

export async function deleteOwnedDocuments(db: Kysely<Database>, userId: string): Promise<void> {
  await db.deleteFrom('documents').where('user_id', '=', userId).execute();
}

import type { Kysely, Transaction } from 'kysely';
import type { Database, DocumentRow } from '../schema';

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

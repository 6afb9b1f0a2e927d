import type { Kysely } from 'kysely';
import type { Database, IdentityRequestRow } from '../db/schema';

export async function insertIdentityRequest(db: Kysely<Database>, row: IdentityRequestRow): Promise<void> {
  await db.insertInto('identity_requests').values(row).execute();
}

export async function findIdentityRequest(db: Kysely<Database>, requestId: string): Promise<IdentityRequestRow | undefined> {
  return db.selectFrom('identity_requests').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

/** Marks a request verified with the provider's report; false when it already was (a second verify, or a race). */
export async function markIdentityRequestVerified(db: Kysely<Database>, requestId: string, result: unknown, now: number): Promise<boolean> {
  const update = await db
    .updateTable('identity_requests')
    .set({ status: 'verified', result: JSON.stringify(result), verified_at: now })
    .where('request_id', '=', requestId)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return Number(update.numUpdatedRows) === 1;
}

/** The applicant's eSign requests for one document that still count (not void), newest first. */
export async function esignRequestsFor(db: Kysely<Database>, userId: string, document: string): Promise<IdentityRequestRow[]> {
  return db
    .selectFrom('identity_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', 'esign')
    .where('document', '=', document)
    .where('status', '!=', 'void')
    .orderBy('created_at', 'desc')
    .execute();
}

/** Voids every eSign request of the applicant, signed or open: each document must be signed again. */
export async function voidEsignRequests(db: Kysely<Database>, userId: string): Promise<void> {
  await db
    .updateTable('identity_requests')
    .set({ status: 'void' })
    .where('user_id', '=', userId)
    .where('kind', '=', 'esign')
    .where('status', '!=', 'void')
    .execute();
}

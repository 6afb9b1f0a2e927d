import type { Kysely, Selectable } from 'kysely';
import type { BankDatabase, RpdRequestsTable } from '../bank-tables';

export type RpdRequestRow = Selectable<RpdRequestsTable>;

export async function insertRpdRequest(db: Kysely<BankDatabase>, row: RpdRequestRow): Promise<void> {
  await db.insertInto('rpd_requests').values(row).execute();
}

export async function findRpdRequest(db: Kysely<BankDatabase>, id: string): Promise<RpdRequestRow | undefined> {
  return db.selectFrom('rpd_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The applicant's newest request for `stepId`. */
export async function latestRpdRequest(db: Kysely<BankDatabase>, userId: string, stepId: string): Promise<RpdRequestRow | undefined> {
  return db
    .selectFrom('rpd_requests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('step_id', '=', stepId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export interface RpdResolution {
  status: 'success' | 'failure';
  message: string;
  paymentId: string | null;
  now: number;
}

/** Resolves a pending request; false when it was no longer pending (another delivery won). */
export async function resolveRpdRequest(db: Kysely<BankDatabase>, id: string, resolution: RpdResolution): Promise<boolean> {
  const result = await db
    .updateTable('rpd_requests')
    .set({ status: resolution.status, message: resolution.message, payment_id: resolution.paymentId, resolved_at: resolution.now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Closes the applicant's other pending requests: a payment to an old QR must not link after a new one was shown. */
export async function supersedeRpdRequests(db: Kysely<BankDatabase>, userId: string, stepId: string, message: string, now: number): Promise<void> {
  await db
    .updateTable('rpd_requests')
    .set({ status: 'failure', message, resolved_at: now })
    .where('user_id', '=', userId)
    .where('step_id', '=', stepId)
    .where('status', '=', 'pending')
    .execute();
}

/** The request a vendor's webhook or status answer names. */
export async function findRpdRequestOfVendor(db: Kysely<BankDatabase>, vendor: string, vendorRequestId: string): Promise<RpdRequestRow | undefined> {
  return db.selectFrom('rpd_requests').selectAll().where('provider', '=', vendor).where('vendor_request_id', '=', vendorRequestId).executeTakeFirst();
}

/** Notes that the vendor was asked for the request's status at `now`. */
export async function markRpdChecked(db: Kysely<BankDatabase>, id: string, now: number): Promise<void> {
  await db.updateTable('rpd_requests').set({ checked_at: now }).where('id', '=', id).execute();
}

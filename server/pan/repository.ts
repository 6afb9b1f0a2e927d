import type { Kysely, Transaction } from 'kysely';
import type { Database, PanCheckRow } from '../db/schema';

export type NewPanCheck = PanCheckRow;

/** Records (or replaces) the applicant's one pending check: the latest lookup is the one to confirm. */
export async function savePanCheck(db: Kysely<Database>, check: NewPanCheck): Promise<void> {
  await db
    .insertInto('pan_checks')
    .values(check)
    .onConflict((conflict) =>
      conflict.column('user_id').doUpdateSet({
        pan: check.pan,
        name: check.name,
        date_of_birth: check.date_of_birth,
        checked_at: check.checked_at,
        expires_at: check.expires_at,
        kra_status: check.kra_status,
        kra_address: check.kra_address,
      }),
    )
    .execute();
}

/** The applicant's pending check, unless it has expired. */
export async function findLivePanCheck(db: Kysely<Database>, userId: string, now: number): Promise<PanCheckRow | undefined> {
  return db
    .selectFrom('pan_checks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/** Whether an applicant other than `userId` holds `pan` (one account per PAN). */
export async function panHeldByAnother(db: Kysely<Database>, pan: string, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('pan', '=', pan).where('id', '!=', userId).executeTakeFirst();
  return row !== undefined;
}

/**
 * Inside the confirming transaction (which also saves the step's answers): the PAN (unique, so one account per PAN)
 * on the user row, and the pending check gone.
 */
export async function takePanCheck(trx: Transaction<Database>, check: PanCheckRow, now: number): Promise<void> {
  await trx.updateTable('users').set({ pan: check.pan, updated_at: now }).where('id', '=', check.user_id).execute();
  await trx.deleteFrom('pan_checks').where('user_id', '=', check.user_id).execute();
}

import type { Kysely } from 'kysely';
import { saveStepAnswers } from '../platform/repositories/step-store';
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
 * Moves the pending check onto the applicant in one transaction: the PAN (unique, so one account per PAN) on
 * the user row, the registry's record as the step's answers, and the check gone.
 */
export async function confirmPanCheck(db: Kysely<Database>, check: PanCheckRow, stepId: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ pan: check.pan, updated_at: now }).where('id', '=', check.user_id).execute();
    const address = check.kra_address ? { kraAddress: JSON.parse(check.kra_address) as unknown } : {};
    const record = { pan: check.pan, name: check.name, dateOfBirth: check.date_of_birth, kraStatus: check.kra_status, ...address };
    await saveStepAnswers(trx, check.user_id, stepId, record, now);
    await trx.deleteFrom('pan_checks').where('user_id', '=', check.user_id).execute();
  });
}

/** A step completed for the applicant (their KRA record made it unnecessary): its answers say why. */
export async function saveSkippedStep(db: Kysely<Database>, userId: string, stepId: string, reason: string, now: number): Promise<void> {
  await saveStepAnswers(db, userId, stepId, { skippedFor: reason }, now);
}

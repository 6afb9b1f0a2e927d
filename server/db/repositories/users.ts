import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, UserRow, UserUpdate } from '../schema';

export async function findUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findUserByPhone(db: Kysely<Database>, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

export interface NewApplicant {
  phone: string;
  nextStep: string | null;
  referrer: string | null;
  source: string | null;
  now: number;
}

/** Creates the applicant unless the number exists; safe when two signups race (unique phone). */
export async function createUserIfMissing(db: Kysely<Database>, applicant: NewApplicant): Promise<UserRow> {
  await db
    .insertInto('users')
    .values({
      id: randomUUID(),
      phone: applicant.phone,
      email: null,
      email_verified: 0,
      name: null,
      pan: null,
      date_of_birth: null,
      current_step: null,
      next_step: applicant.nextStep,
      gender: null,
      marital_status: null,
      occupation: null,
      income_segment: null,
      trading_experience: null,
      father_name: null,
      mother_name: null,
      segments: '[]',
      rejected_steps: '{}',
      referrer: applicant.referrer,
      source: applicant.source,
      created_at: applicant.now,
      updated_at: applicant.now,
    })
    .onConflict((conflict) => conflict.column('phone').doNothing())
    .execute();
  const user = await findUserByPhone(db, applicant.phone);
  if (!user) throw new Error('user vanished right after insert');
  return user;
}

/**
 * Moves the applicant's step pointers, but only if nextStep is still what the caller saw:
 * two racing submits cannot advance twice. Returns whether the row changed.
 */
export async function moveUserSteps(
  db: Kysely<Database>,
  id: string,
  expectedNextStep: string | null,
  steps: { currentStep: string | null; nextStep: string | null },
  now: number,
): Promise<boolean> {
  let query = db
    .updateTable('users')
    .set({ current_step: steps.currentStep, next_step: steps.nextStep, updated_at: now })
    .where('id', '=', id);
  query = expectedNextStep === null ? query.where('next_step', 'is', null) : query.where('next_step', '=', expectedNextStep);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function updateUser(db: Kysely<Database>, id: string, patch: UserUpdate): Promise<void> {
  await db.updateTable('users').set(patch).where('id', '=', id).execute();
}

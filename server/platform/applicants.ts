import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../db/schema';
import { findAllStepAnswers } from './repositories/step-store';
import { findUserById, rejectedStepsOf } from './repositories/users';

/** The applicant's row as features read it: reloaded after a write, with their verified PAN record, their rejections. */

/** A user row with the PAN registry's name and date of birth, for services that check them (bank, identity). */
export type ApplicantRow = UserRow & { name: string | null; date_of_birth: string | null };

/** The row plus the name and date of birth of the verified PAN record (the step answers that hold both). */
export async function withPanRecord(db: Kysely<Database>, row: UserRow): Promise<ApplicantRow> {
  const answers = await findAllStepAnswers(db, row.id);
  const record = Object.values(answers).find((step) => typeof step.name === 'string' && typeof step.dateOfBirth === 'string');
  return { ...row, name: (record?.name as string | undefined) ?? null, date_of_birth: (record?.dateOfBirth as string | undefined) ?? null };
}

/** The rejected steps on an applicant row, by step id (for routes, which do not read repositories). */
export { rejectedStepsOf };

/** The applicant's row as stored now (after a write), or the one given when it is gone. */
export async function reloadUser(db: Kysely<Database>, user: UserRow): Promise<UserRow> {
  return (await findUserById(db, user.id)) ?? user;
}

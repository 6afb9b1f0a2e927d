import type { Kysely, Transaction } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database } from '../../db/schema';

/**
 * The step store: each step's accepted answers, one JSON object per applicant and step (table step_data), with a
 * version counted up at every save. Every feature reads it; server/steps/ saves through it.
 */

type Db = Kysely<Database> | Transaction<Database>;
export type StepAnswers = Record<string, unknown>;

function parseAnswers(text: string): StepAnswers {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as StepAnswers) : {};
  } catch {
    return {};
  }
}

// The user record that nearly every answer carries reads every step's answers: compiled once (db/compiled-once.ts).
const allAnswers = compiledOnce((db, userId: string) => db.selectFrom('step_data').select(['step_id', 'data']).where('user_id', '=', userId));

/** Every step's stored answers of one applicant, by step id. */
export async function findAllStepAnswers(db: Db, userId: string): Promise<Record<string, StepAnswers>> {
  const { rows } = await allAnswers(db, userId);
  return Object.fromEntries(rows.map((row) => [row.step_id, parseAnswers(row.data)]));
}

const stepAnswers = compiledOnce((db, userId: string, stepId: string) => db.selectFrom('step_data').select('data').where('user_id', '=', userId).where('step_id', '=', stepId));

export async function findStepAnswers(db: Db, userId: string, stepId: string): Promise<StepAnswers | undefined> {
  const row = (await stepAnswers(db, userId, stepId)).rows[0];
  return row ? parseAnswers(row.data) : undefined;
}

const upsertAnswers = compiledOnce((db, userId: string, stepId: string, data: string, now: number) =>
  db
    .insertInto('step_data')
    .values({ user_id: userId, step_id: stepId, data, version: 1, updated_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'step_id']).doUpdateSet((eb) => ({ data, updated_at: now, version: eb('step_data.version', '+', 1) }))),
);

/** Stores the step's answers whole (replacing the last ones), with the next version. */
export async function saveStepAnswers(db: Db, userId: string, stepId: string, answers: StepAnswers, now: number): Promise<void> {
  await upsertAnswers(db, userId, stepId, JSON.stringify(answers), now);
}

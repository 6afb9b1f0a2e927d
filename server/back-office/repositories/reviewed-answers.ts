import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

/** Each step's answers as the last review decision saw them (migration 150). */
type Db = Kysely<Database> | Transaction<Database>;
type Answers = Record<string, unknown>;

/** Keeps every step's answers as they stand at a decision, in place of the previous decision's. */
export async function keepReviewedAnswers(db: Db, userId: string, steps: Record<string, Answers>, now: number): Promise<void> {
  const rows = Object.entries(steps).map(([stepId, answers]) => ({ user_id: userId, step_id: stepId, data: JSON.stringify(answers), reviewed_at: now }));
  await db.deleteFrom('reviewed_answers').where('user_id', '=', userId).execute();
  if (rows.length > 0) await db.insertInto('reviewed_answers').values(rows).execute();
}

/** The answers of each step as the last decision saw them, by step id (empty before the first decision). */
export async function findReviewedAnswers(db: Db, userId: string): Promise<Record<string, Answers>> {
  const rows = await db.selectFrom('reviewed_answers').select(['step_id', 'data']).where('user_id', '=', userId).execute();
  return Object.fromEntries(rows.flatMap((row) => {
    try {
      const value: unknown = JSON.parse(row.data);
      return value && typeof value === 'object' && !Array.isArray(value) ? [[row.step_id, value as Answers]] : [];
    } catch {
      return [];
    }
  }));
}

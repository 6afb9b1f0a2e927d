import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
export type StepDocument = Record<string, unknown>;

function parseDocument(text: string): StepDocument {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as StepDocument) : {};
  } catch {
    return {};
  }
}

/** Every stored step document of one applicant, by step id. */
export async function findStepDocuments(db: Db, userId: string): Promise<Record<string, StepDocument>> {
  const rows = await db.selectFrom('step_data').select(['step_id', 'data']).where('user_id', '=', userId).execute();
  return Object.fromEntries(rows.map((row) => [row.step_id, parseDocument(row.data)]));
}

/**
 * findStepDocuments with its SQL compiled once per database (only the applicant's id changes): the user record that
 * nearly every answer carries reads one document set without building a query each time.
 */
export function stepDocumentsFinder(db: Kysely<Database>): (userId: string) => Promise<Record<string, StepDocument>> {
  const { sql } = db.selectFrom('step_data').select(['step_id', 'data']).where('user_id', '=', '').compile();
  return async (userId) => {
    const { rows } = await db.executeQuery<{ step_id: string; data: string }>(CompiledQuery.raw(sql, [userId]));
    return Object.fromEntries(rows.map((row) => [row.step_id, parseDocument(row.data)]));
  };
}

export async function findStepDocument(db: Db, userId: string, stepId: string): Promise<StepDocument | undefined> {
  const row = await db.selectFrom('step_data').select('data').where('user_id', '=', userId).where('step_id', '=', stepId).executeTakeFirst();
  return row ? parseDocument(row.data) : undefined;
}

/** Stores the step's document whole (replacing the last one), with the next version. */
export async function saveStepDocument(db: Db, userId: string, stepId: string, document: StepDocument, now: number): Promise<void> {
  const data = JSON.stringify(document);
  await db
    .insertInto('step_data')
    .values({ user_id: userId, step_id: stepId, data, version: 1, updated_at: now })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'step_id']).doUpdateSet((eb) => ({ data, updated_at: now, version: eb('step_data.version', '+', 1) })),
    )
    .execute();
}

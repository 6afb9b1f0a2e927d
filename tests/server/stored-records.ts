import { createDatabase } from '../../server/db/database';
import { findAllStepAnswers } from '../../server/platform/repositories/step-store';
import type { TestApp } from './helpers';
import type { Applicant } from './step-fixtures';

/** Reads an applicant's rows straight from the app's database (a second connection), as a reviewer of the data would. */
export async function withDb<T>(t: TestApp, work: (db: ReturnType<typeof createDatabase>) => Promise<T>): Promise<T> {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

export async function userIdOf(t: TestApp, who: Applicant): Promise<string> {
  return withDb(t, async (db) => (await db.selectFrom('users').select('id').where('phone', '=', who.phone).executeTakeFirstOrThrow()).id);
}

/** Every step's answers the applicant has stored, by step id, as written (declaration times included). */
export async function stepAnswersOf(t: TestApp, who: Applicant): Promise<Record<string, Record<string, unknown>>> {
  const id = await userIdOf(t, who);
  return withDb(t, (db) => findAllStepAnswers(db, id));
}

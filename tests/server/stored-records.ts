import { sql } from 'kysely';
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

/**
 * From now on the database refuses to move this applicant through the flow (an update of users.next_step fails, as a
 * lost connection or a constraint would): what a save does when the move fails after its answers were written.
 */
export async function refuseMovesOf(t: TestApp, who: Applicant): Promise<void> {
  const id = await userIdOf(t, who);
  const name = sql.id(`refuse_move_${id.replace(/[^0-9a-z]/gi, '_')}`);
  await withDb(t, async (db) => {
    if (t.databaseUrl) {
      await sql`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'move refused'; END $$`.execute(db);
      await sql`CREATE TRIGGER ${name} BEFORE UPDATE OF next_step ON users FOR EACH ROW WHEN (OLD.id = ${sql.lit(id)}) EXECUTE FUNCTION ${name}()`.execute(db);
    } else {
      await sql`CREATE TRIGGER ${name} BEFORE UPDATE OF next_step ON users WHEN OLD.id = ${sql.lit(id)} BEGIN SELECT RAISE(ABORT, 'move refused'); END`.execute(db);
    }
  });
}

import type { Kysely } from 'kysely';
import flow from '../flow-config/flow.json';
import { createDatabase } from '../server/db/database';
import { createUserIfMissing } from '../server/platform/repositories/users';
import type { Database } from '../server/db/schema';
import { resolveLimits } from '../server/limits';
import { openSession } from '../server/platform/auth';

/** The step whose screen a route shows, from the flow config (no step ids written here). */
export function stepOfRoute(route: string): string {
  const step = flow.steps.find((candidate) => candidate.routes.includes(route));
  if (!step) throw new Error(`no step in flow-config/flow.json shows ${route}`);
  return step.id;
}

/** A second connection to the app's SQLite file (WAL allows it), for set-up outside the timed runs. */
export async function withDatabase<T>(dataDir: string, use: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = createDatabase({ dataDir });
  try {
    return await use(db);
  } finally {
    await db.destroy();
  }
}

/** `count` new applicants whose next step is `stepId`, each signed in; returns their access tokens. */
export async function prepareApplicants(dataDir: string, stepId: string, count: number, firstPhone: number): Promise<string[]> {
  const limits = resolveLimits();
  return withDatabase(dataDir, (db) =>
    db.transaction().execute(async (trx) => {
      const tokens: string[] = [];
      for (let i = 0; i < count; i++) {
        const now = Date.now();
        const user = await createUserIfMissing(trx, { phone: String(firstPhone + i), nextStep: stepId, referrer: null, source: null, now });
        tokens.push(await openSession({ db: trx, clock: Date.now, limits }, user.id));
      }
      return tokens;
    }),
  );
}

/** The newest code the sandbox recorded for each phone number. */
export async function sentCodes(dataDir: string): Promise<Map<string, string>> {
  return withDatabase(dataDir, async (db) => {
    const rows = await db.selectFrom('outbox').select(['recipient', 'code']).where('channel', '=', 'sms').orderBy('sent_at').execute();
    return new Map(rows.flatMap((row) => (row.code ? [[row.recipient, row.code] as const] : [])));
  });
}

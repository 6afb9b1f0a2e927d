import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** Records an erasure request by a keyed hash of the applicant (nothing of theirs), whatever its outcome. */
export async function logErasure(db: Db, entry: { subject: string; at: number; outcome: 'erased' | 'refused'; note?: string }): Promise<void> {
  await db.insertInto('erasure_log').values({ id: randomUUID(), subject: entry.subject, requested_at: entry.at, outcome: entry.outcome, note: entry.note ?? null }).execute();
}

export async function findErasures(db: Db, subject: string) {
  return db.selectFrom('erasure_log').selectAll().where('subject', '=', subject).orderBy('requested_at', 'asc').execute();
}

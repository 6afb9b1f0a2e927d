import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AuditTrailRow, Database } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewAuditEntry {
  userId: string;
  at: number;
  actor: string;
  action: string;
  fromStep?: string | null;
  toStep?: string | null;
  /** step → reason. */
  reasons?: Record<string, string> | null;
  note?: string | null;
}

/** Appends one entry. The trail has no update or delete here on purpose: it is written once and only read after. */
export async function appendAudit(db: Db, entry: NewAuditEntry): Promise<void> {
  await db
    .insertInto('audit_trail')
    .values({
      id: randomUUID(),
      user_id: entry.userId,
      at: entry.at,
      actor: entry.actor,
      action: entry.action,
      from_step: entry.fromStep ?? null,
      to_step: entry.toStep ?? null,
      reasons: entry.reasons ? JSON.stringify(entry.reasons) : null,
      note: entry.note ?? null,
    })
    .execute();
}

/** One applicant's trail, oldest first. */
export async function listAudit(db: Db, userId: string): Promise<AuditTrailRow[]> {
  return db.selectFrom('audit_trail').selectAll().where('user_id', '=', userId).orderBy('at', 'asc').orderBy('id', 'asc').execute();
}

import type { Kysely, Transaction } from 'kysely';
import type { Database, UserRow } from '../schema';

/** The back office's view of applicants: lists by status and review moves. */

export interface ApplicationQuery {
  /** Next step to filter on; every applicant when unset. */
  status?: string;
  limit: number;
  offset: number;
}

/** A page of applicants, most recently changed first, and how many match in all. */
export async function listApplications(db: Kysely<Database>, query: ApplicationQuery): Promise<{ rows: UserRow[]; total: number }> {
  let rows = db.selectFrom('users').selectAll();
  let count = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('total'));
  if (query.status !== undefined) {
    rows = rows.where('next_step', '=', query.status);
    count = count.where('next_step', '=', query.status);
  }
  const [page, totals] = await Promise.all([
    rows.orderBy('updated_at', 'desc').orderBy('id', 'asc').limit(query.limit).offset(query.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: page, total: Number(totals.total) };
}

export interface ReviewMove {
  /** The status the decision was taken from: the move happens only if the applicant is still there. */
  from: string;
  to: string;
  /** JSON object step → { reason }. */
  rejectedSteps: string;
  now: number;
}

/** Moves the applicant to the decision's status; false when their status changed since it was read. */
export async function applyReviewMove(db: Kysely<Database> | Transaction<Database>, userId: string, move: ReviewMove): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ current_step: move.from, next_step: move.to, rejected_steps: move.rejectedSteps, updated_at: move.now })
    .where('id', '=', userId)
    .where('next_step', '=', move.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

import type { Kysely, Transaction } from 'kysely';
import { deadlineAfter, indianDate } from '../../core/engine/rectification';
import type { FlowConfig } from '../../core/engine/flow-types';
import type { Database, UserRow } from '../db/schema';
import { findDeadline, openDeadline } from './repositories/rectification-deadlines';

/**
 * The rectification deadline as every feature sees it: a reject opens it (review.rectificationDays from then), the
 * applicant's record shows it. The back office's sweep (reminders, expiry) and reopening are back-office/'s.
 */

/** Inside the reject's transaction: the applicant has until the deadline from now. */
export async function openRectification(flow: FlowConfig, trx: Transaction<Database>, userId: string, now: number): Promise<void> {
  if (flow.review.rectification) await openDeadline(trx, userId, now, deadlineAfter(flow, now));
}

/** The day an applicant fixing rejected steps (or expired for not fixing them) had to fix them by, YYYY-MM-DD. */
export async function rectifyBy(deps: { db: Kysely<Database>; flow: FlowConfig }, user: UserRow): Promise<string | null> {
  const rules = deps.flow.review.rectification;
  if (!rules || (user.next_step !== deps.flow.review.decisions.reject.to && user.next_step !== rules.expiredStatus)) return null;
  const row = await findDeadline(deps.db, user.id);
  return row ? indianDate(Number(row.due_at)) : null;
}

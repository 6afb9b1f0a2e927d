import type { Kysely, Transaction } from 'kysely';
import { deadlineAfter, indianDate } from '../../core/engine/rectification';
import type { FlowConfig } from '../../core/engine/flow-types';
import type { Database, UserRow } from '../db/schema';
import { findDeadline, openDeadline } from './repositories/rectification-deadlines';
import { findAllStepAnswers } from './repositories/step-store';

/**
 * The rectification deadline as every feature sees it: a reject opens it (review.rectificationDays from then, or the
 * days review.rectification.daysByKraStatus gives the applicant's KRA status), the applicant's record shows it. The
 * back office's sweep (reminders, expiry) and reopening are back-office/'s.
 */

/** The KRA status the applicant's PAN was confirmed with (stored with the PAN step's answers), if any. */
async function kraStatusOf(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<string | null> {
  const answers = await findAllStepAnswers(db, userId);
  const status = Object.values(answers).find((step) => typeof step.kraStatus === 'string')?.kraStatus;
  return typeof status === 'string' ? status : null;
}

/** When what a reject at `now` sends back must be fixed by (ms), for this applicant. */
export async function rectificationDueAt(flow: FlowConfig, db: Kysely<Database> | Transaction<Database>, userId: string, now: number): Promise<number> {
  return deadlineAfter(flow, now, await kraStatusOf(db, userId));
}

/** Inside the reject's transaction: the applicant has until the deadline from now. */
export async function openRectification(flow: FlowConfig, trx: Transaction<Database>, userId: string, now: number): Promise<void> {
  if (flow.review.rectification) await openDeadline(trx, userId, now, await rectificationDueAt(flow, trx, userId, now));
}

/** The day an applicant fixing rejected steps (or expired for not fixing them) had to fix them by, YYYY-MM-DD. */
export async function rectifyBy(deps: { db: Kysely<Database>; flow: FlowConfig }, user: UserRow): Promise<string | null> {
  const rules = deps.flow.review.rectification;
  if (!rules || (user.next_step !== deps.flow.review.decisions.reject.to && user.next_step !== rules.expiredStatus)) return null;
  const row = await findDeadline(deps.db, user.id);
  return row ? indianDate(Number(row.due_at)) : null;
}

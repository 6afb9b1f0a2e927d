import type { OpsActionResponse, SweepResult } from '../../../core/api/types';
import { displayDate, indianDate, remindersDue } from '../../../core/engine/rectification';
import type { AppContext } from '../../context';
import type { FlowConfig } from '../../../core/engine/flow-types';
import { appendAudit } from '../../platform/repositories/audit-trail';
import { claimReminders, deadlinesAt, moveStatus } from '../../platform/repositories/rectification-deadlines';
import { openRectification, rectificationDueAt } from '../../platform/rectification-deadline';
import { findUserById, rejectedStepsOf } from '../../platform/repositories/users';
import type { RectificationDeadlineRow, UserRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { requireApplicant } from './applications';
import { type ReviewLog, sendReviewEmail, stepLines } from './review-email';

/**
 * The rectification deadline: a reject gives the applicant review.rectificationDays to fix what it sent back;
 * reminders go out on review.rectification.reminderDays; at the deadline the application takes the expired status,
 * which the back office may reopen with a fresh deadline. The sweep is safe to run from several servers at once:
 * every change is conditional on what it read.
 */

export const systemActor = 'system';

type RectificationEmail = 'reminderEmail' | 'expiredEmail' | 'reopenEmail';
/** One of review.rectification's emails, from flow.json in the applicant's language (which has it when English does). */
const rectificationEmail = (kind: RectificationEmail, english: NonNullable<FlowConfig['review']['rectification']>) => (flow: FlowConfig) =>
  (flow.review.rectification ?? english)[kind];

/** The status applicants fix rejected steps in: where a reject leads. */
const fixingStatus = (ctx: AppContext) => ctx.flow.review.decisions.reject.to;

async function emailValues(ctx: AppContext, user: UserRow, dueAt: number): Promise<Record<string, string>> {
  const reasons = Object.fromEntries(Object.entries(rejectedStepsOf(user)).map(([step, value]) => [step, String((value as { reason?: unknown }).reason ?? '')]));
  const texts = ctx.texts.in(user.language);
  const name = (await ctx.users.present(user)).name ?? texts.say('backOffice.applicantName');
  return { name, steps: stepLines(texts.flow, reasons), deadline: displayDate(indianDate(dueAt)) };
}

async function sweepOne(ctx: AppContext, row: RectificationDeadlineRow, now: number, log: ReviewLog, result: SweepResult): Promise<void> {
  const rules = ctx.flow.review.rectification;
  const user = await findUserById(ctx.db, row.user_id);
  if (!rules || !user) return;
  const dueAt = Number(row.due_at);
  const values = await emailValues(ctx, user, dueAt);
  if (now >= dueAt) {
    const moved = await ctx.db.transaction().execute(async (trx) => {
      if (!(await moveStatus(trx, user.id, fixingStatus(ctx), rules.expiredStatus, now))) return false;
      await appendAudit(trx, { userId: user.id, at: now, actor: systemActor, action: 'expired', fromStep: fixingStatus(ctx), toStep: rules.expiredStatus, note: `not fixed by ${values.deadline}` });
      return true;
    });
    if (!moved) return;
    result.expired.push(user.id);
    await sendReviewEmail(ctx, user, rectificationEmail('expiredEmail', rules), values, { actor: systemActor, at: now + 1, log });
    return;
  }
  const due = remindersDue(ctx.flow, Number(row.opened_at), now);
  if (due <= row.reminders_sent || !(await claimReminders(ctx.db, user.id, row.reminders_sent, due))) return;
  result.reminded.push(user.id);
  await sendReviewEmail(ctx, user, rectificationEmail('reminderEmail', rules), values, { actor: systemActor, at: now, log });
}

/** Emails the reminders that are due and expires what passed its deadline, as of `now`. */
export async function sweepRectifications(ctx: AppContext, now: number, log: ReviewLog): Promise<SweepResult> {
  const result: SweepResult = { at: new Date(now).toISOString(), reminded: [], expired: [] };
  if (!ctx.flow.review.rectification) return result;
  for (const row of await deadlinesAt(ctx.db, fixingStatus(ctx))) await sweepOne(ctx, row, now, log, result);
  return result;
}

/**
 * The back office reopens an expired application: back to fixing the same steps, with a fresh deadline. `actor`: who
 * reopened it (a reviewer's email or 'ops-token'), for the audit trail.
 */
export async function reopenApplication(ctx: AppContext, id: string, actor: string, log: ReviewLog): Promise<OpsActionResponse> {
  const rules = ctx.flow.review.rectification;
  const user = await requireApplicant(ctx, id);
  if (!rules || user.next_step !== rules.expiredStatus) {
    throw new ApiError(409, 'backOffice.notReopenable', { expected: rules?.expiredStatus ?? 'expired', actual: user.next_step ?? 'no step' });
  }
  const now = ctx.clock();
  const to = fixingStatus(ctx);
  const moved = await ctx.db.transaction().execute(async (trx) => {
    if (!(await moveStatus(trx, user.id, rules.expiredStatus, to, now))) return false;
    await openRectification(ctx.flow, trx, user.id, now);
    await appendAudit(trx, { userId: user.id, at: now, actor, action: 'reopen', fromStep: rules.expiredStatus, toStep: to });
    return true;
  });
  if (!moved) throw new ApiError(409, 'backOffice.changedMeanwhile');
  const fresh = (await findUserById(ctx.db, user.id)) ?? user;
  const emailSent = await sendReviewEmail(ctx, fresh, rectificationEmail('reopenEmail', rules), await emailValues(ctx, fresh, await rectificationDueAt(ctx.flow, ctx.db, user.id, now)), { actor, at: now + 1, log });
  const rejectedSteps = rejectedStepsOf(fresh) as OpsActionResponse['rejectedSteps'];
  return { message: `reopen: ${rules.expiredStatus} → ${to}`, nextStep: to, rejectedSteps, emailSent };
}

/** Runs the sweep every `intervalMs` (first after a minute at most); returns a stop function for shutdown. */
export function startRectificationSweep(ctx: AppContext, intervalMs: number, log: ReviewLog & { error(details: object, message: string): void }): () => void {
  const run = () => void sweepRectifications(ctx, ctx.clock(), log).catch((error: unknown) => log.error({ err: error }, 'rectification sweep failed'));
  const first = setTimeout(run, Math.min(intervalMs, 60_000));
  const every = setInterval(run, intervalMs);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}

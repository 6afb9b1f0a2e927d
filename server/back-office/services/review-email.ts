import { findStep } from '../../../core/engine/flow';
import type { EmailCopy, FlowConfig } from '../../../core/engine/flow-types';
import { fillEmail } from '../../../core/engine/review';
import type { AppContext } from '../../context';
import { noDeadline } from '../../providers/call-budget';
import { appendAudit } from '../../platform/repositories/audit-trail';
import type { UserRow } from '../../db/schema';

export const changedMeanwhile = 'the application changed meanwhile; reload it and try again';

/** Where a failed email is reported; the request's (masking) logger. */
export interface ReviewLog {
  warn(details: object, message: string): void;
}

/** One line per step sent back, for {steps}: '- PAN Image Upload: PAN image is blurred'. */
export function stepLines(flow: FlowConfig, reasons: Record<string, string>): string {
  return Object.entries(reasons)
    .map(([step, reason]) => `- ${findStep(flow, step)?.title ?? step}: ${reason}`)
    .join('\n');
}

/**
 * Emails the applicant about their review (the copy `pick` chooses from flow.json in their language, placeholders
 * filled) and records the email in the audit trail, sent or not. Returns whether it was sent.
 */
export async function sendReviewEmail(
  ctx: AppContext,
  user: UserRow,
  pick: (flow: FlowConfig) => EmailCopy,
  values: Record<string, string>,
  record: { actor: string; at: number; log: ReviewLog },
): Promise<boolean> {
  const { subject, text } = fillEmail(pick(ctx.texts.in(user.language).flow), values);
  let sent = false;
  if (user.email) {
    try {
      // The back office and its background jobs answer no applicant's client: no request deadline.
      await ctx.email.send({ to: user.email, subject, text }, noDeadline);
      sent = true;
    } catch (error) {
      record.log.warn({ err: error }, 'review email failed');
    }
  }
  const note = sent ? subject : `${user.email ? 'not delivered' : 'no email address'}: ${subject}`;
  await appendAudit(ctx.db, { userId: user.id, at: record.at, actor: record.actor, action: sent ? 'email_sent' : 'email_failed', note });
  return sent;
}

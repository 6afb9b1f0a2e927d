import type { OpsActionResponse } from '../../src/api/types';
import { findStep } from '../../src/engine/flow';
import type { EmailCopy } from '../../src/engine/flow-types';
import { encodeRekycData, rekycLinkPath } from '../../src/engine/rekyc-link';
import { type DecisionRequest, type Refusal, fillEmail, planDecision, planRekyc } from '../../src/engine/review';
import type { AppContext } from '../context';
import { applyReviewMove } from '../db/repositories/applications';
import { appendAudit } from '../db/repositories/audit-trail';
import { findUserById } from '../db/repositories/users';
import type { UserRow } from '../db/schema';
import { ApiError } from '../errors';
import type { OpsActor } from '../plugins/ops-auth';
import type { AuditClock } from './audit-clock';
import { requireApplicant } from './ops-applications';

export const changedMeanwhile = 'the application changed meanwhile; reload it and try again';
export const noEmailAddress = 'the applicant has no email address';
export const rekycEmailFailed = 'the re-KYC email could not be sent; try again';
/** {name} in an email before the PAN registry has given one. */
const applicantName = 'Applicant';

/** Where a failed email is reported; the request's (masking) logger. */
export interface OpsLog {
  warn(details: object, message: string): void;
}

export interface OpsActions {
  decide(id: string, request: DecisionRequest, actor: OpsActor, log: OpsLog): Promise<OpsActionResponse>;
  sendRekyc(id: string, actor: OpsActor, log: OpsLog): Promise<OpsActionResponse>;
}

function refused(refusal: Refusal): ApiError {
  return new ApiError(refusal.kind === 'conflict' ? 409 : 400, refusal.message);
}

/**
 * Back-office decisions and re-KYC links. Each is written to the audit trail with the move it makes and the person
 * (or token) who made it (in one transaction), then the applicant is emailed through ctx.email and that email is
 * recorded too.
 */
export function createOpsActions(ctx: AppContext, publicUrl: string, clock: AuditClock): OpsActions {
  const stamp = () => clock.stamp();

  async function email(user: UserRow, copy: EmailCopy, values: Record<string, string>, actor: OpsActor, log: OpsLog): Promise<boolean> {
    const { subject, text } = fillEmail(copy, values);
    let sent = false;
    if (user.email) {
      try {
        await ctx.email.send({ channel: 'email', to: user.email, subject, text });
        sent = true;
      } catch (error) {
        log.warn({ err: error }, 'review email failed');
      }
    }
    const note = sent ? subject : `${user.email ? 'not delivered' : 'no email address'}: ${subject}`;
    await appendAudit(ctx.db, { userId: user.id, at: stamp(), actor: actor.name, action: sent ? 'email_sent' : 'email_failed', note });
    return sent;
  }

  return {
    async decide(id, request, actor, log) {
      const user = await requireApplicant(ctx, id);
      const plan = planDecision(ctx.flow, user.next_step, request);
      if (!plan.ok) throw refused(plan);
      const { action, from, to, rejectedSteps } = plan.value;
      const reasons = Object.fromEntries(Object.entries(rejectedSteps).map(([step, { reason }]) => [step, reason]));
      const moved = await ctx.db.transaction().execute(async (trx) => {
        const move = { from, to, rejectedSteps: JSON.stringify(rejectedSteps), now: ctx.clock() };
        if (!(await applyReviewMove(trx, user.id, move))) return false;
        const entry = { userId: user.id, at: stamp(), actor: actor.name, action, fromStep: from, toStep: to };
        await appendAudit(trx, { ...entry, reasons: action === 'reject' ? reasons : null });
        return true;
      });
      if (!moved) throw new ApiError(409, changedMeanwhile);
      const fresh = (await findUserById(ctx.db, user.id)) ?? user;
      const name = (await ctx.users.present(fresh)).name ?? applicantName;
      const steps = Object.entries(reasons)
        .map(([step, reason]) => `- ${findStep(ctx.flow, step)?.title ?? step}: ${reason}`)
        .join('\n');
      const emailSent = await email(fresh, ctx.flow.review.decisions[action].email, { name, steps }, actor, log);
      const sentBack = Object.keys(reasons);
      const message = `${action}: ${from} → ${to}${sentBack.length ? ` (sent back: ${sentBack.join(', ')})` : ''}`;
      return { message, nextStep: to, rejectedSteps, emailSent };
    },

    async sendRekyc(id, actor, log) {
      const user = await requireApplicant(ctx, id);
      const allowed = planRekyc(ctx.flow, user.next_step);
      if (!allowed.ok) throw refused(allowed);
      if (!user.email) throw new ApiError(409, noEmailAddress);
      const link = `${publicUrl}${rekycLinkPath(encodeRekycData(user.phone, user.id))}`;
      const { name, rejectedSteps } = await ctx.users.present(user);
      await appendAudit(ctx.db, { userId: user.id, at: stamp(), actor: actor.name, action: 'rekyc', fromStep: user.next_step, toStep: user.next_step });
      const sent = await email(user, ctx.flow.review.rekyc.email, { name: name ?? applicantName, link }, actor, log);
      if (!sent) throw new ApiError(502, rekycEmailFailed);
      return { message: 'Re-KYC link emailed', nextStep: user.next_step, rejectedSteps, emailSent: true, link };
    },
  };
}

import type { OpsActionResponse } from '../../../core/api/types';
import type { EmailCopy, FlowConfig } from '../../../core/engine/flow-types';
import type { Say } from '../../../core/engine/message-codes';
import { encodeRekycData, rekycLinkPath } from '../../../core/engine/rekyc-link';
import { type DecisionRequest, type Refusal, planDecision, planRekyc } from '../../../core/engine/review';
import type { AppContext } from '../../context';
import { applyReviewMove } from '../repositories/applications';
import { appendAudit } from '../../platform/repositories/audit-trail';
import { assignClientCode } from '../repositories/client-codes';
import { displayDate } from '../../../core/engine/rectification';
import { openRectification, rectifyBy } from '../../platform/rectification-deadline';
import { type ReviewLog, sendReviewEmail, stepLines } from './review-email';
import { findUserById } from '../../platform/repositories/users';
import type { UserRow } from '../../db/schema';
import { ApiError } from '../../errors';
import type { OpsActor } from '../reviewer-auth';
import type { AuditClock } from '../audit-clock';
import { requireApplicant } from './applications';
import { findAllStepAnswers } from '../../platform/repositories/step-store';
import { keepReviewedAnswers } from '../repositories/reviewed-answers';

export { changedMeanwhile } from './review-email';
export type OpsLog = ReviewLog;

export interface OpsActions {
  decide(id: string, request: DecisionRequest, actor: OpsActor, log: OpsLog): Promise<OpsActionResponse>;
  /** `say`: the reviewer's request's language, for the answer (the email goes in the applicant's). */
  sendRekyc(id: string, actor: OpsActor, log: OpsLog, say: Say): Promise<OpsActionResponse>;
}

function refused(refusal: Refusal): ApiError {
  return new ApiError(refusal.kind === 'conflict' ? 409 : 400, 'backOffice.refused', { reason: refusal.message });
}

/**
 * Back-office decisions and re-KYC links. Each is written to the audit trail with the move it makes and the person
 * (or token) who made it (in one transaction), then the applicant is emailed through ctx.email and that email is
 * recorded too, in the applicant's language.
 */
export function createOpsActions(ctx: AppContext, publicUrl: string, clock: AuditClock): OpsActions {
  const stamp = () => clock.stamp();

  // `served`: the context of the application's config release (issue 29): its review rules, steps and texts.
  const email = (served: AppContext, user: UserRow, pick: (flow: FlowConfig) => EmailCopy, values: Record<string, string>, actor: OpsActor, log: OpsLog) =>
    sendReviewEmail(served, user, pick, values, { actor: actor.name, at: stamp(), log });

  return {
    async decide(id, request, actor, log) {
      const user = await requireApplicant(ctx, id);
      const served = await ctx.releases.serving(user.config_release);
      const plan = planDecision(served.flow, user.next_step, request);
      if (!plan.ok) throw refused(plan);
      const { action, from, to, rejectedSteps } = plan.value;
      const reasons = Object.fromEntries(Object.entries(rejectedSteps).map(([step, { reason }]) => [step, reason]));
      const moved = await ctx.db.transaction().execute(async (trx) => {
        const move = { from, to, rejectedSteps: JSON.stringify(rejectedSteps), now: ctx.clock() };
        if (!(await applyReviewMove(trx, user.id, move))) return false;
        const entry = { userId: user.id, at: stamp(), actor: actor.name, action, fromStep: from, toStep: to };
        await appendAudit(trx, { ...entry, reasons: action === 'reject' ? reasons : null });
        // The answers this decision saw: the next review reads what the applicant changed since, field by field.
        await keepReviewedAnswers(trx, user.id, await findAllStepAnswers(trx, user.id), move.now);
        // A reject starts the time to fix what it sent back (review.rectificationDays).
        if (action === 'reject') await openRectification(served.flow, trx, user.id, move.now);
        const clientCode = served.flow.review.decisions[action].clientCode;
        if (clientCode) await assignClientCode(trx, user.id, clientCode);
        return true;
      });
      if (!moved) throw new ApiError(409, 'backOffice.changedMeanwhile');
      const fresh = (await findUserById(ctx.db, user.id)) ?? user;
      const texts = served.texts.in(fresh.language);
      const name = (await served.users.present(fresh)).name ?? texts.say('backOffice.applicantName');
      const steps = stepLines(texts.flow, reasons);
      const deadline = await rectifyBy(served, fresh);
      const values = { name, steps, ...(deadline ? { deadline: displayDate(deadline) } : {}), ...(fresh.client_code ? { clientCode: fresh.client_code } : {}) };
      const emailSent = await email(served, fresh, (flow) => flow.review.decisions[action].email, values, actor, log);
      const sentBack = Object.keys(reasons);
      const message = `${action}: ${from} → ${to}${sentBack.length ? ` (sent back: ${sentBack.join(', ')})` : ''}`;
      return { message, nextStep: to, rejectedSteps, emailSent };
    },

    async sendRekyc(id, actor, log, say) {
      const user = await requireApplicant(ctx, id);
      const served = await ctx.releases.serving(user.config_release);
      const allowed = planRekyc(served.flow, user.next_step);
      if (!allowed.ok) throw refused(allowed);
      if (!user.email) throw new ApiError(409, 'backOffice.noEmailAddress');
      const link = `${publicUrl}${rekycLinkPath(encodeRekycData(user.phone, user.id))}`;
      const { name, rejectedSteps } = await served.users.present(user);
      await appendAudit(ctx.db, { userId: user.id, at: stamp(), actor: actor.name, action: 'rekyc', fromStep: user.next_step, toStep: user.next_step });
      const values = { name: name ?? served.texts.in(user.language).say('backOffice.applicantName'), link };
      const sent = await email(served, user, (flow) => flow.review.rekyc.email, values, actor, log);
      if (!sent) throw new ApiError(502, 'backOffice.rekycEmailFailed');
      return { message: say('backOffice.rekycEmailed'), nextStep: user.next_step, rejectedSteps, emailSent: true, link };
    },
  };
}

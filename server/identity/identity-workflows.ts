import type { FastifyBaseLogger } from 'fastify';
import { findIdentityRequest, insertIdentityRequest, markIdentityRequestVerified } from './repository';
import { findUserById } from '../platform/repositories/users';
import type { UserRow } from '../db/schema';
import type { StepBinding } from '../../core/engine/step-api';
import { afterSaved, applyRejectedFix, storeAndComplete } from '../steps/step-answers';
import { ApiError } from '../errors';
import type { AppContext } from '../context';
import type { Deadline } from '../providers/call-budget';
import type { IdentityRequest, IdentityWorkflow } from '../providers/identity/identity';
import { applicantOf, approvedDetails, askProvider, ownRequest } from './identity-outcome';
import { fetchSelfie } from './selfie-image';

/** KYC through DigiLocker and the liveness selfie: start a widget request, then verify what the provider reports. */

export async function initiateWorkflow(ctx: AppContext, user: UserRow, workflow: IdentityWorkflow, log: FastifyBaseLogger, deadline: Deadline): Promise<IdentityRequest> {
  const applicant = applicantOf(await ctx.users.present(user));
  const request = await askProvider(ctx, log, `${workflow} request`, null, () => ctx.identityProvider.startWorkflow(workflow, applicant, deadline));
  await insertIdentityRequest(ctx.db, {
    request_id: request.requestId,
    user_id: user.id,
    kind: workflow,
    document: null,
    status: 'requested',
    result: null,
    created_at: ctx.clock(),
    verified_at: null,
  });
  return request;
}

/**
 * Verifies the applicant's own request with the provider and completes the bound step, or, when the route is
 * bound as the fix of a rejected step (the selfie taken again in modification), clears that rejection. The step's
 * answers name the request and, for a selfie, the photo stored as a document for the back office. A request
 * verified before answers the same again without asking the provider or moving any step.
 */
export async function verifyWorkflow(
  ctx: AppContext,
  user: UserRow,
  workflow: IdentityWorkflow,
  requestId: string,
  binding: StepBinding,
  log: FastifyBaseLogger,
  deadline: Deadline,
): Promise<UserRow> {
  const row = ownRequest(await findIdentityRequest(ctx.db, requestId), user, workflow);
  // A fix needs a new request: an old, verified selfie must not clear the rejection of that very selfie.
  if (row.status === 'verified') {
    if (binding.fixes) throw new ApiError(400, 'flow.outOfSync');
    return user;
  }
  const outcome = await askProvider(ctx, log, `${workflow} status`, requestId, () => ctx.identityProvider.workflowStatus(workflow, requestId, deadline));
  const details = approvedDetails(outcome, log, requestId);
  const result = { provider: ctx.identityProvider.name, requestId, ...details };
  if (!(await markIdentityRequestVerified(ctx.db, requestId, result, ctx.clock()))) {
    return (await findUserById(ctx.db, user.id)) ?? user;
  }
  const selfie = workflow === 'selfie' ? await fetchSelfie(ctx, log, requestId, deadline) : undefined;
  const answers = (ids: string[]) => ({ requestId, ...(ids[0] ? { documentId: ids[0] } : {}) });
  const files = selfie ? [selfie] : [];
  if (!binding.fixes) {
    // The one save path of a step: the answers, the photo they no longer name dropped, and the move, in one transaction.
    return afterSaved(ctx, await ctx.documents.store(user.id, files, deadline, (trx, ids) => storeAndComplete(ctx, trx, user, binding.step, answers(ids))));
  }
  await ctx.documents.store(user.id, files, deadline, async (trx, ids) => {
    if (!(await applyRejectedFix(ctx, trx, user, binding, binding.fixes?.[0], answers(ids)))) throw new ApiError(400, 'flow.outOfSync');
  });
  return (await findUserById(ctx.db, user.id)) ?? user;
}

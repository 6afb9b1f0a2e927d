import type { FastifyPluginAsync } from 'fastify';
import { findUserById } from '../applicant/repositories/users';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { maskId } from '../providers/mask-id';
import { responses } from '../schemas/common';
import { advanceConsent, incomeProofStepNow } from './aggregator-flow';
import { attachDataSession, findByConsentId } from './repository';

/** FI_DATA_READY of Setu's auto-fetch carries the statements themselves: room for them, though they are never read. */
const notificationBodyLimit = 8 * 1024 * 1024;

const receivedResponse = { type: 'object', properties: { received: { type: 'boolean' } }, required: ['received'] } as const;

/**
 * POST /api/webhooks/{aggregator}: the aggregator's notifications (Setu: CONSENT_STATUS_UPDATE, SESSION_STATUS_UPDATE,
 * FI_DATA_READY, FI_DATA_FAILED). Setu documents no signature for them, so a notification is never believed: it only
 * names a consent, whose state is then read from the aggregator itself and moved on as a poll would (idempotent:
 * a settled proof is left as it is). Every well-formed notification gets 200, known consent or not.
 */
export function aggregatorWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const aggregator = ctx.accountAggregator;
    app.post(`/webhooks/${aggregator.webhook}`, { bodyLimit: notificationBodyLimit, schema: { response: responses(receivedResponse) } }, async (request) => {
      const named = aggregator.readNotification(request.body);
      if (!named) throw new ApiError(400, 'request.bodyInvalid');
      let row = await findByConsentId(ctx.db, named.consentId);
      if (!row || row.kind !== 'aggregator' || row.status !== 'pending') return { received: true };
      const log = request.log.child({ provider: aggregator.name, consentId: maskId(named.consentId) });
      try {
        // Data ready without a session of ours: the aggregator opened one by itself (auto-fetch); read that one.
        if (named.about === 'data' && !row.data_session_id) {
          const sessionId = await aggregator.latestDataSession(named.consentId);
          if (sessionId && (await attachDataSession(ctx.db, named.consentId, null, sessionId, ctx.clock()))) row = (await findByConsentId(ctx.db, named.consentId)) ?? row;
        }
        const progress = await advanceConsent(ctx, row);
        if (progress.kind === 'verified' && progress.settledNow) {
          const user = await findUserById(ctx.db, row.user_id);
          const stepId = user ? incomeProofStepNow(ctx, user) : undefined;
          if (user && stepId) await ctx.steps.completeStep(user, stepId);
        }
      } catch (error) {
        // The next poll (or notification) tries again; the aggregator does not retry, so the answer is still 200.
        log.warn({ err: error }, 'notification not followed up');
      }
      return { received: true };
    });
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { maskId } from '../providers/mask-id';
import { responses } from '../schemas/common';
import { followNotification } from './aggregator-flow';

/** FI_DATA_READY of Setu's auto-fetch carries the statements themselves: room for them, though they are never read. */
const notificationBodyLimit = 8 * 1024 * 1024;

const receivedResponse = { type: 'object', properties: { received: { type: 'boolean' } }, required: ['received'] } as const;

/**
 * POST /api/webhooks/{aggregator}: the aggregator's notifications (Setu: CONSENT_STATUS_UPDATE, SESSION_STATUS_UPDATE,
 * FI_DATA_READY, FI_DATA_FAILED). Never believed: each only names a consent to read again (followNotification).
 * Every well-formed notification gets 200, known consent or not; the aggregator does not retry, so a follow-up that
 * fails is logged and left to the applicant's next poll.
 */
export function aggregatorWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const aggregator = ctx.accountAggregator;
    app.post(`/webhooks/${aggregator.webhook}`, { bodyLimit: notificationBodyLimit, schema: { response: responses(receivedResponse) } }, async (request) => {
      const named = aggregator.readNotification(request.body);
      if (!named) throw new ApiError(400, 'request.bodyInvalid');
      try {
        await followNotification(ctx, named, request.deadlineAt);
      } catch (error) {
        request.log.warn({ err: error, provider: aggregator.name, consentId: maskId(named.consentId) }, 'notification not followed up');
      }
      return { received: true };
    });
  };
}

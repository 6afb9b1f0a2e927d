import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { WebhookRefused } from '../providers/identity/identity';
import { errorResponseSchema } from '../schemas/common';
import { receiveIdentityWebhook } from './identity-webhook';

/** The delivery, or why it is refused (anything else is a fault of ours and propagates). */
function readOrRefusal<T>(read: () => T): T | WebhookRefused {
  try {
    return read();
  } catch (error) {
    if (error instanceof WebhookRefused) return error;
    throw error;
  }
}

/** A webhook is a few hundred bytes of JSON; more is not the vendor's. */
const webhookBodyLimit = 64 * 1024;

const receivedResponse = {
  type: 'object',
  properties: { received: { type: 'boolean' }, effect: { type: 'string', enum: ['signed', 'checked', 'ignored'] } },
  required: ['received', 'effect'],
} as const;

/**
 * POST /api/webhooks/{vendor} (Digio's: /api/webhooks/digio): the identity vendor's webhooks. The body is read raw, as
 * the vendor's signature covers its exact bytes (Digio's X-Digio-Checksum); a missing or wrong signature is 401, a body
 * that is no delivery 400, and neither changes anything. See identity-webhook.ts for what a delivery may change.
 */
export function identityWebhookRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: webhookBodyLimit }, (_request, body, done) => done(null, body));
    app.post(
      `/webhooks/${ctx.identityProvider.name}`,
      { schema: { response: { 200: receivedResponse, '4xx': errorResponseSchema, '5xx': errorResponseSchema } } },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const delivery = readOrRefusal(() => ctx.identityProvider.readWebhook(body, header));
        if (delivery instanceof WebhookRefused) {
          request.log.warn({ reason: delivery.message }, 'identity webhook refused');
          return reply.code(delivery.status).send({ statusCode: delivery.status, error: delivery.status === 401 ? 'Unauthorized' : 'Bad Request', message: delivery.message });
        }
        return { received: true, effect: await receiveIdentityWebhook(ctx, delivery, request.log, request.deadlineAt) };
      },
    );
  };
}

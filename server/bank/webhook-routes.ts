import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { stepOfRoute } from './bank-step-binding';
import type { BankServices } from './create-bank';
import { receiveRpdWebhook } from './rpd-webhooks';

const answer = { type: 'object', properties: { received: { type: 'boolean' } }, required: ['received'] } as const;

/**
 * POST /api/webhooks/<vendor>: the UPI reverse penny drop vendor's notices (Setu's RPD_VERIFICATION_UPDATE, Cashfree's
 * RPD_BANK_ACCOUNT_VERIFICATION_*), in production too. The body is kept byte for byte: signatures cover the raw text.
 * A payment completes the step that owns `route` in flow.json.
 */
export function bankWebhookRoutes(ctx: AppContext, bank: BankServices, route: string): FastifyPluginAsync {
  const step = stepOfRoute(ctx, route);
  return async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post<{ Body: string }>(
      `/webhooks/${bank.rpd.vendor}`,
      { schema: { response: { 200: answer, 401: answer, 503: answer } } },
      async (request, reply) => {
        const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(',') : value]));
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const result = await receiveRpdWebhook(bank, step, { headers, rawBody }, { now: ctx.clock(), log: request.log, texts: request.texts, deadline: request.deadlineAt });
        return reply.code(result.status).send({ received: result.status === 200 });
      },
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { OutboxMessage } from '../../core/api/types';
import { indianMobilePattern } from '../../core/engine/mobile-number';
import type { AppContext } from '../context';
import { listOutbox } from '../providers/simulated-outbox';
import { fullObject, listResponse, responses } from '../schemas/common';
import { renderOutboxPage } from './outbox-page';

const recipientSchema = {
  type: 'string',
  maxLength: 100,
  anyOf: [{ pattern: indianMobilePattern.source }, { format: 'email' }],
  errorMessage: 'sandbox.recipient',
} as const;

const outboxResponse = listResponse(
  'messages',
  fullObject({ channel: { type: 'string' }, to: { type: 'string' }, text: { type: 'string' }, code: { type: ['string', 'null'] }, sentAt: { type: 'string' } }),
);

interface OutboxQuery {
  to: string;
}

/** GET /api/dev/outbox?to=… (JSON). Registered only outside production mode. */
export function devOutboxApiRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: OutboxQuery }>(
      '/dev/outbox',
      {
        schema: {
          querystring: { type: 'object', additionalProperties: false, properties: { to: recipientSchema }, required: ['to'], errorMessage: { required: { to: 'sandbox.recipient' } } },
          response: responses(outboxResponse),
        },
      },
      async (request): Promise<{ messages: OutboxMessage[] }> => ({ messages: await listOutbox(ctx.db, request.query.to) }),
    );
  };
}

/** GET /dev/outbox: the same list as a page for people. Registered only outside production mode. */
export function devOutboxPageRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: { to?: unknown } }>('/dev/outbox', async (request, reply) => {
      const to = typeof request.query.to === 'string' ? request.query.to.trim() : '';
      const valid = to.length <= 100 && (indianMobilePattern.test(to) || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to));
      const page = renderOutboxPage(
        to === ''
          ? { to }
          : valid
            ? { to, messages: await listOutbox(ctx.db, to) }
            : { to, error: request.texts.say('sandbox.recipient') },
      );
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
    });
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { OpsDeps } from '../back-office/deps';
import { responses } from '../schemas/common';
import { contactDeclarationsForOps, helpRequestsForOps } from './ops-service';

const helpRequestSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    applicationId: { type: ['string', 'null'] },
    phone: { type: 'string' },
    route: { type: 'string' },
    step: { type: ['string', 'null'] },
    contactTime: { type: 'string' },
    message: { type: ['string', 'null'] },
    language: { type: 'string' },
    requestedAt: { type: 'string' },
  },
  required: ['id', 'applicationId', 'phone', 'route', 'step', 'contactTime', 'message', 'language', 'requestedAt'],
} as const;

const declarationSchema = {
  type: 'object',
  properties: {
    applicationId: { type: 'string' },
    phone: { type: 'string' },
    channel: { type: 'string' },
    destination: { type: 'string' },
    relation: { type: 'string' },
    relationLabel: { type: 'string' },
    declaredAt: { type: 'string' },
    matches: {
      type: 'object',
      properties: { applicationId: { type: 'string' }, phone: { type: 'string' }, status: { type: ['string', 'null'] } },
      required: ['applicationId', 'phone', 'status'],
    },
  },
  required: ['applicationId', 'phone', 'channel', 'destination', 'relation', 'relationLabel', 'declaredAt', 'matches'],
} as const;

/**
 * GET /api/ops/contact-declarations[?applicationId=]: the applications whose contact another application also uses,
 * each with the family relation declared (in the reviewer's language) and the application it matches, phones and
 * addresses masked. The back office's filter of such applications, and what the reviewer reads beside one.
 */
export function opsRegulationRoutes({ ctx }: OpsDeps): FastifyPluginAsync {
  return async (app) => {
    // "Need help?" requests, newest first: whom to call, when, and the page and step they asked from.
    app.get('/help-requests', { schema: { response: responses({ type: 'object', properties: { requests: { type: 'array', items: helpRequestSchema } }, required: ['requests'] }) } }, async () => ({ requests: await helpRequestsForOps(ctx) }));

    app.get<{ Querystring: { applicationId?: string } }>(
      '/contact-declarations',
      {
        schema: {
          querystring: { type: 'object', additionalProperties: false, properties: { applicationId: { type: 'string', maxLength: 64 } } },
          response: responses({ type: 'object', properties: { declarations: { type: 'array', items: declarationSchema } }, required: ['declarations'] }),
        },
      },
      async (request) => ({ declarations: await contactDeclarationsForOps(ctx, request.texts, request.query.applicationId) }),
    );
  };
}

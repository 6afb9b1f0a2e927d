import type { FastifyPluginAsync } from 'fastify';
import type { OpsFunnel } from '../../../core/api/types';
import { responses } from '../../schemas/common';
import { type FunnelQuery, funnel } from '../services/funnel';
import type { OpsDeps } from '../deps';

const funnelQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { from: { type: 'string', maxLength: 40 }, to: { type: 'string', maxLength: 40 } },
} as const;

const funnelResponse = {
  type: 'object',
  properties: {
    from: { type: 'string' },
    to: { type: 'string' },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          step: { type: 'string' },
          reached: { type: 'integer' },
          completed: { type: 'integer' },
          dropOff: { type: 'integer' },
          medianSeconds: { type: ['integer', 'null'] },
          topErrors: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                message: { type: 'string' },
                count: { type: 'integer' },
                translations: {
                  type: 'array',
                  items: { type: 'object', properties: { language: { type: 'string' }, text: { type: 'string' } }, required: ['language', 'text'] },
                },
              },
              required: ['message', 'count'],
            },
          },
        },
        required: ['step', 'reached', 'completed', 'dropOff', 'medianSeconds', 'topErrors'],
      },
    },
  },
  required: ['from', 'to', 'steps'],
} as const;

/** GET /funnel?from=&to=: where applicants stop, per journey step in flow order (dates YYYY-MM-DD or ISO times). */
export function opsFunnelRoutes({ ctx, messages }: OpsDeps): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Querystring: FunnelQuery }>(
      '/funnel',
      { schema: { querystring: funnelQuery, response: responses(funnelResponse) } },
      async (request): Promise<OpsFunnel> => funnel(ctx, messages, request.query),
    );
  };
}

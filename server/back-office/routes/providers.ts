import type { FastifyPluginAsync } from 'fastify';
import type { OpsProviders } from '../../../core/api/types';
import { fullObject, listResponse, responses } from '../../schemas/common';
import type { OpsDeps } from '../deps';

const providersResponse = listResponse(
  'providers',
  fullObject({
    capability: { type: 'string' },
    title: { type: 'string' },
    vendor: { type: 'string' },
    vendorTitle: { type: 'string' },
    mode: { type: 'string', enum: ['live', 'simulator', 'given'] },
    calls: { type: 'integer' },
    errors: { type: 'integer' },
    errorRate: { type: 'number' },
    p95Ms: { type: ['number', 'null'] },
    lastSuccessAt: { type: ['string', 'null'] },
    lastError: { type: ['object', 'null'], properties: { at: { type: 'string' }, message: { type: 'string' } }, required: ['at', 'message'] },
  }),
);

/**
 * GET /providers: per capability the vendor, live or simulated, and this server's calls to it over the last hour
 * (count, error rate, 95th percentile latency), the last success and the last error's message (which names no
 * personal data: ProviderError).
 */
export function opsProviderRoutes({ ctx }: OpsDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/providers', { schema: { response: responses(providersResponse) } }, async (): Promise<OpsProviders> => ({ providers: ctx.providers.status() }));
  };
}

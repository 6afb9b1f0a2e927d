import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { pincodePattern, type PincodeResult } from './pincode-index';
import { responses } from '../schemas/common';

const params = {
  type: 'object',
  properties: { pincode: { type: 'string', pattern: pincodePattern.source, errorMessage: 'pincode.invalid' } },
  required: ['pincode'],
} as const;

const result = {
  type: 'object',
  properties: { pincode: { type: 'string' }, district: { type: 'string' }, state: { type: 'string' }, country: { type: 'string' } },
  required: ['pincode', 'district', 'state', 'country'],
} as const;

/** GET /utils/pincode/{pincode}: district and state from the in-memory index (spec section 7). */
export function pincodeRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { pincode: string } }>(
      '/utils/pincode/:pincode',
      { schema: { params, response: responses(result) } },
      async (request, reply): Promise<PincodeResult> => {
        const found = ctx.pincodes.lookup(request.params.pincode);
        if (!found) throw new ApiError(404, 'pincode.notFound');
        // Post-office data changes a few times a year; a day of browser caching is harmless.
        reply.header('cache-control', 'private, max-age=86400');
        return found;
      },
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { type WidgetCallback, sandboxIdentityActions, setSandboxIdentityOutcome } from '../providers/digio/sandbox-identity-provider';
import { bodyObject, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';

const callbackResponse = {
  type: 'object',
  properties: { digio_doc_id: { type: 'string' }, message: { type: 'string' }, error_code: { type: 'string' } },
  required: ['digio_doc_id', 'message'],
} as const;

export const unknownSandboxRequest = 'Unknown sandbox request';

/**
 * POST /api/dev/identity/{requestId}/approve|cancel|reject: what the sandbox widget reports to the
 * sandbox provider; answers the widget's callback `{error_code?, message, digio_doc_id}`.
 * Registered only outside production.
 */
export function devIdentityApiRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    for (const action of sandboxIdentityActions) {
      app.post<{ Params: { requestId: string } }>(
        `/dev/identity/:requestId/${action}`,
        { preValidation: defaultEmptyBody, schema: { body: bodyObject({}, []), response: responses(callbackResponse) } },
        async (request): Promise<WidgetCallback> => {
          const callback = await setSandboxIdentityOutcome(ctx.db, ctx.clock, request.params.requestId, action);
          if (!callback) throw new ApiError(404, unknownSandboxRequest);
          return callback;
        },
      );
    }
  };
}

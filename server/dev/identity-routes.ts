import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { type WidgetCallback, sandboxIdentityActions, sandboxPhotoPattern, setSandboxIdentityOutcome } from '../providers/digio/sandbox-identity-provider';
import { bodyObject, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';

const callbackResponse = {
  type: 'object',
  properties: { digio_doc_id: { type: 'string' }, message: { type: 'string' }, error_code: { type: 'string' } },
  required: ['digio_doc_id', 'message'],
} as const;

export const unknownSandboxRequest = 'Unknown sandbox request';

/** Approve may carry the selfie the widget's camera captured (a data URL; the JSON body limit bounds its size). */
const approveBody = bodyObject({ photo: { type: 'string', pattern: sandboxPhotoPattern, errorMessage: 'photo must be a JPEG or PNG data URL' } }, []);

/**
 * POST /api/dev/identity/{requestId}/approve|cancel|reject: what the sandbox widget reports to the
 * sandbox provider (approve with the selfie's photo `{photo}` when the camera took one); answers the widget's callback `{error_code?, message, digio_doc_id}`.
 * Registered only outside production.
 */
export function devIdentityApiRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    for (const action of sandboxIdentityActions) {
      app.post<{ Params: { requestId: string }; Body: { photo?: string } }>(
        `/dev/identity/:requestId/${action}`,
        { preValidation: defaultEmptyBody, schema: { body: action === 'approve' ? approveBody : bodyObject({}, []), response: responses(callbackResponse) } },
        async (request): Promise<WidgetCallback> => {
          const callback = await setSandboxIdentityOutcome(ctx.db, ctx.clock, request.params.requestId, action, request.body.photo);
          if (!callback) throw new ApiError(404, 'sandbox.unknownRequest');
          return callback;
        },
      );
    }
  };
}

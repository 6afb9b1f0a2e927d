import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { type SdkCallback, identityActions, identityPhotoPattern } from '../providers/identity/identity';
import { bodyObject, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';

const callbackResponse = {
  type: 'object',
  properties: { digio_doc_id: { type: 'string' }, message: { type: 'string' }, error_code: { type: 'string' } },
  required: ['digio_doc_id', 'message'],
} as const;

/** Approve may carry the selfie the SDK's camera captured (a data URL; the JSON body limit bounds its size). */
const approveBody = bodyObject({ photo: { type: 'string', pattern: identityPhotoPattern, errorMessage: 'photo must be a JPEG or PNG data URL' } }, []);

/**
 * POST /api/dev/identity/{requestId}/approve|cancel|reject: what the applicant does in the identity vendor's SDK, acted
 * out on its simulator (approve with the selfie's photo `{photo}` when the camera took one); answers the SDK's callback
 * `{error_code?, message, digio_doc_id}`. Registered only outside production; with a live vendor every request is
 * unknown here (404), since only the vendor's own pages can answer for the applicant.
 */
export function devIdentityApiRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    for (const action of identityActions) {
      app.post<{ Params: { requestId: string }; Body: { photo?: string } }>(
        `/dev/identity/:requestId/${action}`,
        { preValidation: defaultEmptyBody, schema: { body: action === 'approve' ? approveBody : bodyObject({}, []), response: responses(callbackResponse) } },
        async (request): Promise<SdkCallback> => {
          const callback = await ctx.providers.controls.identity?.answer(request.params.requestId, action, request.body.photo);
          if (!callback) throw new ApiError(404, 'sandbox.unknownRequest');
          return callback;
        },
      );
    }
  };
}

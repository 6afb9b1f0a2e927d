import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { accessTokenHeader, createSessionLookup } from '../platform/auth';
import { bodyObject, messageResponseSchema, phoneSchema, responses } from '../schemas/common';
import { type HelpRequestBody, requestHelp } from './help-requests';

const helpBody = bodyObject(
  {
    route: { type: 'string', minLength: 1, maxLength: 200, pattern: '^/' },
    contactTime: { type: 'string', minLength: 1, maxLength: 40, errorMessage: 'regulation.unknownContactTime' },
    phone: phoneSchema,
    message: { type: 'string', maxLength: 500 },
  },
  ['route', 'contactTime'],
);

/**
 * POST /api/help-requests (not in the spec's list): "Need help?" from any page, signed in or not. Signed in, the
 * applicant's own number and step are taken; a visitor gives the number to call.
 */
export function helpRequestRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const lookup = createSessionLookup(ctx);
    app.post<{ Body: HelpRequestBody }>('/help-requests', { schema: { body: helpBody, response: responses(messageResponseSchema) } }, async (request) => {
      const signedIn = await lookup(request.headers[accessTokenHeader]);
      await requestHelp(ctx, signedIn?.user, request.body, request.texts);
      return { message: request.texts.say('regulation.helpRequested') };
    });
  };
}

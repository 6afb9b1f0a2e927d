import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse, UserResponse } from '../../core/api/types';
import { isAfterJourney } from '../../core/engine/flow';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { closeSession } from '../platform/auth';
import { requireUser } from '../platform/auth';
import { bodyObject, messageResponseSchema, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { userResponse } from '../steps/step-responses';


const emptyBody = bodyObject({}, []);

/** Signed-in routes (the authenticate preHandler runs first): the user record and the session. */
export function userRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const userResponseSchema = responses(userResponse(ctx));
    app.get('/user', { schema: { response: userResponseSchema } }, async (request): Promise<UserResponse> => {
      return { user: await ctx.users.present(requireUser(request)) };
    });

    app.post(
      '/user/set-previous',
      { preValidation: defaultEmptyBody, schema: { body: emptyBody, response: userResponseSchema } },
      async (request): Promise<UserResponse> => {
        const current = requireUser(request);
        // A submitted application is closed: going back would reopen what the back office and the eSigned forms hold.
        if (isAfterJourney(ctx.flow, current.next_step)) throw new ApiError(409, 'flow.submitted');
        const user = await ctx.steps.stepBack(current);
        return { user: await ctx.users.present(user) };
      },
    );

    app.post(
      '/logout',
      { preValidation: defaultEmptyBody, schema: { body: emptyBody, response: responses(messageResponseSchema) } },
      async (request): Promise<MessageResponse> => {
        if (request.sessionId) await closeSession(ctx, request.sessionId);
        return { message: ctx.say('flow.loggedOut') };
      },
    );
  };
}

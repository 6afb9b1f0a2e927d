import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse, UserResponse } from '../../src/api/types';
import type { AppContext } from '../context';
import { closeSession } from '../plugins/auth';
import { requireUser } from '../plugins/auth';
import { bodyObject, messageResponseSchema, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { toUserDetails, userDetailsSchema } from '../schemas/user-details';

export const loggedOutMessage = 'Logged out';

const userResponse = { type: 'object', properties: { user: userDetailsSchema }, required: ['user'] } as const;
const emptyBody = bodyObject({}, []);

/** Signed-in routes (the authenticate preHandler runs first): the user record and the session. */
export function userRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/user', { schema: { response: responses(userResponse) } }, async (request): Promise<UserResponse> => {
      return { user: toUserDetails(requireUser(request)) };
    });

    app.post(
      '/user/set-previous',
      { preValidation: defaultEmptyBody, schema: { body: emptyBody, response: responses(userResponse) } },
      async (request): Promise<UserResponse> => {
        const user = await ctx.steps.stepBack(requireUser(request));
        return { user: toUserDetails(user) };
      },
    );

    app.post(
      '/logout',
      { preValidation: defaultEmptyBody, schema: { body: emptyBody, response: responses(messageResponseSchema) } },
      async (request): Promise<MessageResponse> => {
        if (request.sessionId) await closeSession(ctx, request.sessionId);
        return { message: loggedOutMessage };
      },
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse, UserResponse } from '../../core/api/types';
import { isAfterJourney } from '../../core/engine/flow';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { closeSession, requireUser } from '../platform/auth';
import { chooseLanguage } from './language';
import { bodyObject, messageResponseSchema, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { userResponse } from '../steps/step-responses';
import { runtimeFor } from '../platform/runtime';

const emptyBody = bodyObject({}, []);

/** Signed-in routes (the authenticate hook runs first): the user record, their language and the session. */
export function userRoutes(running: AppContext): FastifyPluginAsync {
  return async (app) => {
    const userResponseSchema = responses(userResponse(running));
    // A code flow-config/languages.json declares, as the switch offers them; anything else (or none) is refused in words.
    const codes = running.texts.languages.languages.map(({ code }) => code);
    const languageBody = bodyObject({ language: { type: 'string', enum: codes, errorMessage: 'validation.language' } }, ['language']);
    app.get('/user', { schema: { response: userResponseSchema } }, async (request): Promise<UserResponse> => {
      const ctx = runtimeFor(request);
      return { user: await ctx.users.present(requireUser(request)) };
    });

    // The switch's choice, kept with the applicant: what emails and SMS follow, and what answers follow without Accept-Language.
    app.post<{ Body: { language: string } }>('/user/language', { schema: { body: languageBody, response: userResponseSchema } }, async (request): Promise<UserResponse> => {
      const ctx = runtimeFor(request);
      return { user: await ctx.users.present(await chooseLanguage(ctx, requireUser(request), request.body.language)) };
    });

    app.post(
      '/user/set-previous',
      { preValidation: defaultEmptyBody, schema: { body: emptyBody, response: userResponseSchema } },
      async (request): Promise<UserResponse> => {
        const ctx = runtimeFor(request);
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
        const ctx = runtimeFor(request);
        if (request.sessionId) await closeSession(ctx, request.sessionId);
        return { message: request.texts.say('flow.loggedOut') };
      },
    );
  };
}

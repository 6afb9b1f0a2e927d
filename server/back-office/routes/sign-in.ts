import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse, OpsMe, OpsSignedIn, TokenResponse } from '../../../core/api/types';
import { opsRoles } from '../../../core/engine/ops-roles';
import type { AppContext } from '../../context';
import { ApiError } from '../../errors';
import { reviewerOtpLength } from '../../limits';
import { requireOpsActor } from '../reviewer-auth';
import { bodyObject, messageResponseSchema, responses, tokenResponseSchema } from '../../schemas/common';
import { callerOf, defaultEmptyBody, headerValue, verifyTokenHeader } from '../../schemas/request';
import { endReviewerSession, startReviewerSignIn, verifyReviewerOtp } from '../services/reviewer-sign-in';
import type { OpsDeps } from '../deps';
import { clearSessionCookie, setSessionCookie } from '../session-cookie';
import { emptyBody } from './schemas';

export const tokenHasNoSession = 'the ops token has no session to end';

export const reviewerEmailSchema = { type: 'string', format: 'email', maxLength: 254, errorMessage: 'email must be an email address' } as const;
const reviewerOtpSchema = { type: 'string', pattern: `^[0-9]{${reviewerOtpLength}}$`, errorMessage: `Enter the ${reviewerOtpLength} digit code` } as const;

const signedInResponse = {
  type: 'object',
  properties: {
    token: { type: 'string' },
    reviewer: { type: 'object', properties: { email: { type: 'string' }, role: { type: 'string', enum: [...opsRoles] } }, required: ['email', 'role'] },
  },
  required: ['token', 'reviewer'],
} as const;

/**
 * Reviewers' email sign-in, open to anyone: POST /login `{email}` emails a 6-digit code and answers a verify token;
 * POST /verify-otp `{email, otp}` with `x-verify-token` answers the session token (Bearer) and who signed in, and sets
 * it as the console's session cookie, shared by the reviewer's tabs (`secureCookies`: PUBLIC_URL is https).
 */
export function opsSignInRoutes(ctx: AppContext, secureCookies: boolean): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Body: { email: string } }>(
      '/login',
      { schema: { body: bodyObject({ email: reviewerEmailSchema }, ['email']), response: responses(tokenResponseSchema) } },
      async (request): Promise<TokenResponse> => ({ token: await startReviewerSignIn(ctx, request.body.email, callerOf(request)), message: request.texts.say('signIn.otpSent') }),
    );

    app.post<{ Body: { email: string; otp: string } }>(
      '/verify-otp',
      { schema: { body: bodyObject({ email: reviewerEmailSchema, otp: reviewerOtpSchema }, ['email', 'otp']), response: responses(signedInResponse) } },
      async (request, reply): Promise<OpsSignedIn> => {
        const signedIn = await verifyReviewerOtp(ctx, headerValue(request, verifyTokenHeader), request.body.email, request.body.otp);
        setSessionCookie(request, reply, signedIn.token, ctx.limits.reviewerSessionMaxMs, secureCookies);
        return signedIn;
      },
    );
  };
}

const meResponse = { type: 'object', properties: { actor: { type: 'string' }, role: { type: 'string' } }, required: ['actor', 'role'] } as const;

/** GET /me: who the token signs in as; POST /logout ends a reviewer's session at once. */
export function opsSessionRoutes({ ctx, publicUrl }: OpsDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/me', { config: { opsPermission: 'session' }, schema: { response: responses(meResponse) } }, async (request): Promise<OpsMe> => {
      const actor = requireOpsActor(request);
      return { actor: actor.name, role: actor.role };
    });

    app.post(
      '/logout',
      { config: { opsPermission: 'session' }, preValidation: defaultEmptyBody, schema: { body: emptyBody, response: responses(messageResponseSchema) } },
      async (request, reply): Promise<MessageResponse> => {
        const actor = requireOpsActor(request);
        if (actor.kind !== 'reviewer') throw new ApiError(400, 'backOffice.noSession');
        await endReviewerSession(ctx, actor.sessionId);
        clearSessionCookie(request, reply, publicUrl.startsWith('https:'));
        return { message: request.texts.say('backOffice.signedOut') };
      },
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse, SignInResponse, TokenResponse } from '../../core/api/types';
import type { AppContext } from '../context';
import { bodyObject, messageResponseSchema, otpSchema, phoneSchema, responses, tokenResponseSchema, trackingSchema } from '../schemas/common';
import { callerOf, headerValue, verifyTokenHeader } from '../schemas/request';
import { login, resendMobileOtp, signup, verifyMobileOtp } from './service';

interface PhoneBody {
  phone: string;
  referrer?: string;
  source?: string;
}

interface VerifyBody {
  phone: string;
  otp: string;
  /** The Privacy Notice's version the applicant accepted on /login: needed at first sign-in and after it changes. */
  noticeVersion?: string;
}

const phoneBody = bodyObject({ phone: phoneSchema, referrer: trackingSchema, source: trackingSchema }, ['phone']);


/** Mobile sign-in: login or signup sends a code; verify exchanges it for an auth token. */
export function signInRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const tokenRoute = { schema: { body: phoneBody, response: responses(tokenResponseSchema) } };
    const signInResponse = {
      type: 'object',
      properties: { user: ctx.users.schema, token: { type: 'string' }, applicationsOnNumber: { type: 'integer' } },
      required: ['user', 'token', 'applicationsOnNumber'],
    };

    app.post<{ Body: PhoneBody }>('/login', tokenRoute, async (request): Promise<TokenResponse> => {
      const token = await login(ctx, request.body.phone, callerOf(request));
      return { token, message: request.texts.say('signIn.otpSent') };
    });

    app.post<{ Body: PhoneBody }>('/signup', tokenRoute, async (request): Promise<TokenResponse> => {
      const token = await signup(ctx, request.body, callerOf(request));
      return { token, message: request.texts.say('signIn.otpSent') };
    });

    app.post<{ Body: VerifyBody }>(
      '/verify/mobile-otp',
      { schema: { body: bodyObject({ otp: otpSchema, phone: phoneSchema, noticeVersion: { type: 'string', maxLength: 40 } }, ['otp', 'phone']), response: responses(signInResponse) } },
      async (request): Promise<SignInResponse> => {
        const { body } = request;
        const signedIn = await verifyMobileOtp(ctx, headerValue(request, verifyTokenHeader), body.phone, body.otp, body.noticeVersion);
        // Signed in now: the answer carries the applicant's release cookie, as every signed-in answer does (their pages).
        request.user = signedIn.user;
        return { user: await ctx.users.present(signedIn.user), token: signedIn.token, applicationsOnNumber: signedIn.applicationsOnNumber };
      },
    );

    app.post<{ Body: Pick<PhoneBody, 'phone'> }>(
      '/resend-mobile-otp',
      { schema: { body: bodyObject({ phone: phoneSchema }, ['phone']), response: responses(messageResponseSchema) } },
      async (request): Promise<MessageResponse> => {
        await resendMobileOtp(ctx, headerValue(request, verifyTokenHeader), request.body.phone, callerOf(request));
        return { message: request.texts.say('signIn.otpResent') };
      },
    );
  };
}

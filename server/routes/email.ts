import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse, VerifyEmailResponse } from '../../src/api/types';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { bodyObject, emailSchema, messageResponseSchema, otpSchema, responses } from '../schemas/common';
import { callerOf } from '../schemas/request';
import { toUserDetails, userDetailsSchema } from '../schemas/user-details';
import { addEmail, emailStep, resendEmailOtp, verifyEmail } from '../services/email-verification';
import { otpResentMessage, otpSentMessage } from './sign-in';

export const emailVerifiedMessage = 'Email Verified Successfully!';

interface EmailBody {
  email: string;
}

interface VerifyEmailBody {
  email: string;
  otp: string;
}

const emailBody = bodyObject({ email: emailSchema }, ['email']);
const verifyResponse = {
  type: 'object',
  properties: { message: { type: 'string' }, user: userDetailsSchema },
  required: ['message', 'user'],
} as const;

/** Email verification; only for applicants who have reached the email step in the flow config. */
export function emailRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const preHandler = ctx.steps.requireStep(emailStep);
    const sendRoute = { preHandler, schema: { body: emailBody, response: responses(messageResponseSchema) } };

    app.post<{ Body: EmailBody }>('/user/add-email', sendRoute, async (request): Promise<MessageResponse> => {
      await addEmail(ctx, requireUser(request), request.body.email, callerOf(request));
      return { message: otpSentMessage };
    });

    app.post<{ Body: EmailBody }>('/user/resend-email-otp', sendRoute, async (request): Promise<MessageResponse> => {
      await resendEmailOtp(ctx, requireUser(request), request.body.email, callerOf(request));
      return { message: otpResentMessage };
    });

    app.post<{ Body: VerifyEmailBody }>(
      '/user/verify-email',
      { preHandler, schema: { body: bodyObject({ email: emailSchema, otp: otpSchema }, ['email', 'otp']), response: responses(verifyResponse) } },
      async (request): Promise<VerifyEmailResponse> => {
        const user = await verifyEmail(ctx, requireUser(request), request.body.email, request.body.otp);
        return { message: emailVerifiedMessage, user: toUserDetails(user) };
      },
    );
  };
}

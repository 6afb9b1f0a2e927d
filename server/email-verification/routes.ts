import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse, VerifyEmailResponse } from '../../core/api/types';
import type { AppContext } from '../context';
import { requireUser } from '../platform/auth';
import { bodyObject, emailSchema, messageResponseSchema, otpSchema, responses } from '../schemas/common';
import { callerOf } from '../schemas/request';
import { requireStep } from '../steps/step-binding';
import { addEmail, resendEmailOtp, verifyEmail } from './service';
import { stepSavedResponse } from '../steps/step-responses';


interface EmailBody {
  email: string;
}

interface VerifyEmailBody {
  email: string;
  otp: string;
}

const emailBody = bodyObject({ email: emailSchema }, ['email']);
/** Email verification; flow.json binds these routes to their step, whose order guard they get. */
export function emailRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const sendRoute = { schema: { body: emailBody, response: responses(messageResponseSchema) } };

    app.post<{ Body: EmailBody }>('/user/add-email', sendRoute, async (request): Promise<MessageResponse> => {
      await addEmail(ctx, requireUser(request), request.body.email, callerOf(request));
      return { message: request.texts.say('signIn.otpSent') };
    });

    app.post<{ Body: EmailBody }>('/user/resend-email-otp', sendRoute, async (request): Promise<MessageResponse> => {
      await resendEmailOtp(ctx, requireUser(request), request.body.email, callerOf(request));
      return { message: request.texts.say('signIn.otpResent') };
    });

    app.post<{ Body: VerifyEmailBody }>(
      '/user/verify-email',
      { schema: { body: bodyObject({ email: emailSchema, otp: otpSchema }, ['email', 'otp']), response: responses(stepSavedResponse(ctx)) } },
      async (request): Promise<VerifyEmailResponse> => {
        const { body } = request;
        const user = await verifyEmail(ctx, requireUser(request), body.email, body.otp, requireStep(request).step);
        return { message: request.texts.say('toasts.emailVerified'), user: await ctx.users.present(user) };
      },
    );
  };
}

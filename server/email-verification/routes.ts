import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse, VerifyEmailResponse } from '../../core/api/types';
import type { AppContext } from '../context';
import { requireUser } from '../platform/auth';
import { bodyObject, emailSchema, messageResponseSchema, otpSchema, responses } from '../schemas/common';
import { callerOf } from '../schemas/request';
import { requireStep } from '../steps/step-binding';
import { addEmail, resendEmailOtp, verifyEmail } from './service';
import { stepSavedResponse } from '../steps/step-responses';
import { declareSharedEmail, requireSharedEmailDeclared } from '../regulation/contacts';
import { runtimeFor } from '../platform/runtime';


interface EmailBody {
  email: string;
  /** Issue 30: whose the address is, when another application verified it (the email page's familyRelations). */
  familyRelation?: string;
}

interface VerifyEmailBody {
  email: string;
  otp: string;
}

const emailBody = bodyObject({ email: emailSchema }, ['email']);
const familyRelationSchema = { type: 'string', minLength: 1, maxLength: 40, errorMessage: 'regulation.unknownRelation' } as const;
/** Email verification; flow.json binds these routes to their step, whose order guard they get. */
export function emailRoutes(running: AppContext): FastifyPluginAsync {
  return async (app) => {
    const sendRoute = { schema: { body: emailBody, response: responses(messageResponseSchema) } };

    const addRoute = { schema: { body: bodyObject({ email: emailSchema, familyRelation: familyRelationSchema }, ['email']), response: responses(messageResponseSchema) } };
    app.post<{ Body: EmailBody }>('/user/add-email', addRoute, async (request): Promise<MessageResponse> => {
      const ctx = runtimeFor(request);
      await declareSharedEmail(ctx, requireUser(request), request.body.email, request.body.familyRelation, requireStep(request).step, request.texts);
      await addEmail(ctx, requireUser(request), request.body.email, callerOf(request));
      return { message: request.texts.say('signIn.otpSent') };
    });

    app.post<{ Body: EmailBody }>('/user/resend-email-otp', sendRoute, async (request): Promise<MessageResponse> => {
      const ctx = runtimeFor(request);
      await resendEmailOtp(ctx, requireUser(request), request.body.email, callerOf(request));
      return { message: request.texts.say('signIn.otpResent') };
    });

    app.post<{ Body: VerifyEmailBody }>(
      '/user/verify-email',
      { schema: { body: bodyObject({ email: emailSchema, otp: otpSchema }, ['email', 'otp']), response: responses(stepSavedResponse(running)) } },
      async (request): Promise<VerifyEmailResponse> => {
        const ctx = runtimeFor(request);
        const { body } = request;
        await requireSharedEmailDeclared(ctx, requireUser(request), body.email);
        const user = await verifyEmail(ctx, requireUser(request), body.email, body.otp, requireStep(request).step);
        return { message: request.texts.say('toasts.emailVerified'), user: await ctx.users.present(user) };
      },
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { StepSavedResponse } from '../../core/api/types';
import { bodySchemaOf } from '../../core/engine/step-api';
import type { AppContext } from '../context';
import { requireUser } from '../platform/auth';
import { requireStep } from '../steps/step-binding';
import { bodyObject, otpSchema, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { consentFields } from '../steps/declared-at';
import { saveStep } from '../steps/step-documents';
import { stepBody } from '../validation/step-body';
import { stepSavedResponse } from '../steps/step-responses';
import { acknowledgeNomination } from '../regulation/nomination';
import { type OptOutCodes, optOutDocument } from '../regulation/opt-out';

/** The declarations and skipping the nominee. flow.json binds each route to its step. */
export function documentStepRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const declarationSchema = bodySchemaOf(ctx.flow, 'POST /user/declaration');
    const declaration = stepBody(ctx.stepValidators, declarationSchema);
    app.post<{ Body: Record<string, unknown> }>(
      '/user/declaration',
      { validatorCompiler: declaration.validatorCompiler, schema: { body: declaration.body, response: responses(stepSavedResponse(ctx)) } },
      async (request): Promise<StepSavedResponse> => {
        const user = await saveStep(ctx, requireUser(request), requireStep(request).step, request.body, consentFields(ctx.stepValidators, declarationSchema));
        return { message: request.texts.say('flow.declarationSaved'), user: await ctx.users.present(user) };
      },
    );

    // The spec sends no body; an opt-out verified by OTP (issue 30) sends both codes.
    app.post<{ Body: OptOutCodes }>(
      '/user/skip-nominee',
      { preValidation: defaultEmptyBody, schema: { body: bodyObject({ mobileOtp: otpSchema, emailOtp: otpSchema }, []), response: responses(stepSavedResponse(ctx)) } },
      async (request): Promise<StepSavedResponse> => {
        const { step } = requireStep(request);
        const { document, declared } = await optOutDocument(ctx, requireUser(request), step, request.texts, request.body);
        const user = await saveStep(ctx, requireUser(request), step, document, declared);
        await acknowledgeNomination(ctx, user, step, 'optedOut', request.log);
        return { message: request.texts.say('nominee.skipped'), user: await ctx.users.present(user) };
      },
    );
  };
}

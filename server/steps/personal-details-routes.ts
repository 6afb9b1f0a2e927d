import type { FastifyPluginAsync } from 'fastify';
import type { StepSavedResponse } from '../../core/api/types';
import { bodySchemaOf } from '../../core/engine/step-api';
import type { AppContext } from '../context';
import { requireUser } from '../platform/auth';
import { requireStep } from './step-binding';
import { responses } from '../schemas/common';
import { consentFields } from './declared-at';
import { fixRejectedStep, saveStep } from './step-documents';
import { nonBlankCheck } from '../validation/body-checks';
import { mergedDocumentCheck, stepBody } from '../validation/step-body';
import { stepValidator } from '../validation/step-validators';
import { stepSavedResponse } from './step-responses';

export const parentNameFields = ['fatherName', 'motherName'] as const;

/** The personal-details questions (the F&O income rule lives in the schema), and their re-entry after a rejection. */
export function personalDetailsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const route = (apiRoute: string) => {
      const schemaId = bodySchemaOf(ctx.flow, apiRoute);
      const names = nonBlankCheck(stepValidator(ctx.stepValidators, schemaId), parentNameFields);
      const { body, validatorCompiler } = stepBody(ctx.stepValidators, schemaId, names);
      return { validatorCompiler, schema: { body, response: responses(stepSavedResponse(ctx)) } };
    };

    app.post<{ Body: Record<string, unknown> }>('/user/personal-details', route('POST /user/personal-details'), async (request): Promise<StepSavedResponse> => {
      const declared = consentFields(ctx.stepValidators, bodySchemaOf(ctx.flow, 'POST /user/personal-details'));
      const user = await saveStep(ctx, requireUser(request), requireStep(request).step, request.body, declared);
      return { message: request.texts.say('flow.personalDetailsSaved'), user: await ctx.users.present(user) };
    });

    // Gender and marital status arrive lowercase: the modification-details schema derives them so. Segments
    // may be left out (the stored ones stay), so the F&O income rule is checked again on the merged document.
    const checkMerged = mergedDocumentCheck(stepValidator(ctx.stepValidators, bodySchemaOf(ctx.flow, 'POST /user/modification/details')));
    app.post<{ Body: Record<string, unknown> }>('/user/modification/details', route('POST /user/modification/details'), async (request): Promise<StepSavedResponse> => {
      const user = await fixRejectedStep(ctx, requireUser(request), requireStep(request), request.body, { checkMerged });
      return { message: request.texts.say('flow.personalDetailsSaved'), user: await ctx.users.present(user) };
    });
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { StepSavedResponse } from '../../src/api/types';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { responses } from '../schemas/common';
import { toUserDetails } from '../schemas/user-details';
import { type PersonalDetailsInput, personalDetailsSavedMessage, savePersonalDetails } from '../services/personal-details';
import { nonBlankCheck } from '../validation/body-checks';
import { stepBody } from '../validation/step-body';
import { stepValidator } from '../validation/step-validators';
import { stepSavedResponse } from './step-responses';

/** The step this route completes, and the step-data schema of its payload. */
export const personalDetailsStep = 'personal_details';
const personalDetailsSchemaId = 'personal-details';
export const parentNameFields = ['fatherName', 'motherName'] as const;

/** The seven personal-details questions and segments. The F&O income rule lives in the schema. */
export function personalDetailsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const names = nonBlankCheck(stepValidator(ctx.stepValidators, personalDetailsSchemaId), parentNameFields);
    const { body, validatorCompiler } = stepBody(ctx.stepValidators, personalDetailsSchemaId, names);

    app.post<{ Body: PersonalDetailsInput }>(
      '/user/personal-details',
      {
        preHandler: ctx.steps.requireStep(personalDetailsStep),
        validatorCompiler,
        schema: { body, response: responses(stepSavedResponse) },
      },
      async (request): Promise<StepSavedResponse> => {
        const user = await savePersonalDetails(ctx, requireUser(request), request.body, personalDetailsStep);
        return { message: personalDetailsSavedMessage, user: toUserDetails(user) };
      },
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { StepSavedResponse } from '../../src/api/types';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { responses } from '../schemas/common';
import { toUserDetails } from '../schemas/user-details';
import { type PersonalDetailsInput, fixRejectedDetails, personalDetailsSavedMessage } from '../services/personal-details';
import { nonBlankCheck } from '../validation/body-checks';
import { stepBody } from '../validation/step-body';
import { stepValidator } from '../validation/step-validators';
import { parentNameFields } from './personal-details';
import { stepSavedResponse } from './step-responses';

/** The status under which rejected steps are fixed, and the rejected step this route fixes. */
export const modificationStep = 'modification';
export const rejectedPersonalDetailsStep = 'personal_details';
const modificationSchemaId = 'modification-details';

/** Re-entered personal details for an applicant whose personal details were rejected. */
export function modificationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const names = nonBlankCheck(stepValidator(ctx.stepValidators, modificationSchemaId), parentNameFields);
    const { body, validatorCompiler } = stepBody(ctx.stepValidators, modificationSchemaId, names);

    app.post<{ Body: PersonalDetailsInput }>(
      '/user/modification/details',
      { validatorCompiler, schema: { body, response: responses(stepSavedResponse) } },
      async (request): Promise<StepSavedResponse> => {
        const user = await fixRejectedDetails(ctx, requireUser(request), request.body, {
          fixingStep: modificationStep,
          rejectedStep: rejectedPersonalDetailsStep,
        });
        return { message: personalDetailsSavedMessage, user: toUserDetails(user) };
      },
    );
  };
}

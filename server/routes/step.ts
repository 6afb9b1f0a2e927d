import type { FastifyPluginAsync } from 'fastify';
import type { StepSavedResponse } from '../../src/api/types';
import { findStep } from '../../src/engine/flow';
import type { AppContext } from '../context';
import { FieldValidationError } from '../errors';
import { requireUser } from '../plugins/auth';
import { requireStep } from '../plugins/step-binding';
import { responses } from '../schemas/common';
import { consentFields } from '../services/declared-at';
import { saveStep } from '../services/step-documents';
import { stepFieldMessages } from '../validation/step-body';
import { stepValidator } from '../validation/step-validators';
import { stepSavedResponse } from './step-responses';


/**
 * POST /api/user/step/{stepId}: any step that flow.json gives a schema and no routes of its own (a FATCA
 * declaration, say) is saved here. The binding hook resolves and guards the step from the path; the body is
 * checked with that step's schema, with the same messages as every step route.
 */
export function genericStepRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post<{ Params: { stepId: string }; Body: unknown }>(
      '/user/step/:stepId',
      {
        config: { stepFromParam: 'stepId' },
        schema: { params: { type: 'object', properties: { stepId: { type: 'string', maxLength: 64 } } }, response: responses(stepSavedResponse(ctx)) },
      },
      async (request): Promise<StepSavedResponse> => {
        const { step } = requireStep(request);
        const schemaId = findStep(ctx.flow, step)?.schema ?? '';
        const validate = stepValidator(ctx.stepValidators, schemaId);
        if (!validate(request.body)) throw new FieldValidationError(stepFieldMessages(validate.errors ?? []));
        const user = await saveStep(ctx, requireUser(request), step, request.body as Record<string, unknown>, consentFields(ctx.stepValidators, schemaId));
        return { message: ctx.say('flow.detailsSaved'), user: await ctx.users.present(user) };
      },
    );
  };
}

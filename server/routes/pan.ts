import type { FastifyPluginAsync } from 'fastify';
import type { PanCheckResponse, StepSavedResponse } from '../../src/api/types';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { bodyObject, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { toUserDetails } from '../schemas/user-details';
import { checkPan, confirmPan, panMessages } from '../services/pan-verification';
import { birthDateCheck } from '../validation/body-checks';
import { stepBody } from '../validation/step-body';
import { stepValidator } from '../validation/step-validators';
import { stepSavedResponse } from './step-responses';

/** The step these routes complete, and the step-data schema of its payload. */
export const panStep = 'pan_verification';
const panSchemaId = 'pan';

interface PanBody {
  pan: string;
  dateOfBirth: string;
}

const panCheckResponse = {
  type: 'object',
  properties: { pan: { type: 'string' }, dateOfBirth: { type: 'string' }, name: { type: 'string' } },
  required: ['pan', 'dateOfBirth', 'name'],
} as const;

/** PAN with date of birth, checked with the PAN/KRA registry, then confirmed by the applicant. */
export function panRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    // A confirmed PAN anchors KYC, bank and eSign checks: it cannot be swapped once the step is done.
    const preHandler = ctx.steps.requireStep(panStep, { onlyWhenNext: true });
    const dateCheck = birthDateCheck(stepValidator(ctx.stepValidators, panSchemaId), 'dateOfBirth', ctx.clock);
    const { body, validatorCompiler } = stepBody(ctx.stepValidators, panSchemaId, dateCheck);

    app.post<{ Body: PanBody }>(
      '/user/pan-number',
      { preHandler, validatorCompiler, schema: { body, response: responses(panCheckResponse) } },
      async (request): Promise<PanCheckResponse> => checkPan(ctx, requireUser(request), request.body, request.log),
    );

    app.post(
      '/user/confirm-pan',
      { preHandler, preValidation: defaultEmptyBody, schema: { body: bodyObject({}, []), response: responses(stepSavedResponse) } },
      async (request): Promise<StepSavedResponse> => {
        const user = await confirmPan(ctx, requireUser(request), panStep);
        return { message: panMessages.verified, user: toUserDetails(user) };
      },
    );
  };
}

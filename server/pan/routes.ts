import type { FastifyPluginAsync } from 'fastify';
import type { PanCheckResponse, StepSavedResponse } from '../../core/api/types';
import { bodySchemaOf } from '../../core/engine/step-api';
import type { AppContext } from '../context';
import { requireUser } from '../platform/auth';
import { requireStep } from '../steps/step-binding';
import { bodyObject, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { checkPan, confirmPan } from './service';
import { stepBody } from '../validation/step-body';
import { stepSavedResponse } from '../steps/step-responses';

interface PanBody {
  pan: string;
  dateOfBirth: string;
}

const panCheckResponse = {
  type: 'object',
  properties: { pan: { type: 'string' }, dateOfBirth: { type: 'string' }, name: { type: 'string' } },
  required: ['pan', 'dateOfBirth', 'name'],
} as const;

/**
 * PAN with date of birth, checked with the PAN/KRA registry, then confirmed by the applicant. flow.json binds these
 * routes to their step (closed once done) and names the body's schema.
 */
export function panRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    const panSchemaId = bodySchemaOf(ctx.flow, 'POST /user/pan-number');
    const { body, validatorCompiler } = stepBody(ctx.stepValidators, panSchemaId);

    app.post<{ Body: PanBody }>(
      '/user/pan-number',
      { validatorCompiler, schema: { body, response: responses(panCheckResponse) } },
      async (request): Promise<PanCheckResponse> => checkPan(ctx, requireUser(request), request.body, request.log),
    );

    app.post(
      '/user/confirm-pan',
      { preValidation: defaultEmptyBody, schema: { body: bodyObject({}, []), response: responses(stepSavedResponse(ctx)) } },
      async (request): Promise<StepSavedResponse> => {
        const user = await confirmPan(ctx, requireUser(request), requireStep(request).step);
        return { message: request.texts.say('pan.verified'), user: await ctx.users.present(user) };
      },
    );
  };
}

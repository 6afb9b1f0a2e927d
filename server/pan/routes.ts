import type { FastifyPluginAsync } from 'fastify';
import type { PanCheckResponse, StepSavedResponse } from '../../core/api/types';
import { bodySchemaOf } from '../../core/engine/step-api';
import type { AppContext } from '../context';
import { requireUser } from '../platform/auth';
import { requireStep } from '../steps/step-binding';
import { bodyObject, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { checkPan, confirmPan, pendingPanCheck } from './service';
import { stepBody } from '../validation/step-body';
import { stepSavedResponse } from '../steps/step-responses';
import { runtimeFor } from '../platform/runtime';

interface PanBody {
  pan: string;
  dateOfBirth: string;
}

const addressLine = { type: 'string' } as const;
const panCheckResponse = {
  type: 'object',
  properties: {
    pan: { type: 'string' },
    dateOfBirth: { type: 'string' },
    name: { type: 'string' },
    kraStatus: { type: 'string' },
    confirm: { type: 'boolean' },
    address: {
      type: 'object',
      properties: { line1: addressLine, line2: addressLine, line3: addressLine, city: addressLine, pincode: addressLine, state: addressLine, country: addressLine },
      required: ['line1', 'line2', 'line3', 'city', 'pincode', 'state', 'country'],
    },
  },
  required: ['pan', 'dateOfBirth', 'name', 'kraStatus', 'confirm'],
} as const;

/**
 * PAN with date of birth, checked with the KRA (what its answer does: flow.json kra), then confirmed by the applicant. flow.json binds these
 * routes to their step (closed once done) and names the body's schema.
 */
export function panRoutes(running: AppContext): FastifyPluginAsync {
  return async (app) => {
    const panSchemaId = bodySchemaOf(running.flow, 'POST /user/pan-number');
    const { body, validatorCompiler, preValidation } = stepBody(running.stepValidators, panSchemaId);

    app.post<{ Body: PanBody }>(
      '/user/pan-number',
      { validatorCompiler, preValidation, schema: { body, response: responses(panCheckResponse) } },
      async (request): Promise<PanCheckResponse> => checkPan(runtimeFor(request), requireUser(request), request.body, request.log, request.deadlineAt),
    );

    // The pending check, for the applicant to confirm the KRA's record (flow.json kra: confirm).
    app.get('/user/pan-number', { schema: { response: responses(panCheckResponse) } }, async (request): Promise<PanCheckResponse> => pendingPanCheck(runtimeFor(request), requireUser(request)));

    app.post(
      '/user/confirm-pan',
      { preValidation: defaultEmptyBody, schema: { body: bodyObject({}, []), response: responses(stepSavedResponse(running)) } },
      async (request): Promise<StepSavedResponse> => {
        const ctx = runtimeFor(request);
        const user = await confirmPan(ctx, requireUser(request), requireStep(request).step);
        return { message: request.texts.say('pan.verified'), user: await ctx.users.present(user) };
      },
    );
  };
}

import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { type StepSavedResponse, rpdRecommendations, rpdStatuses } from '../../core/api/types';
import { bodySchemaOf } from '../../core/engine/step-api';
import { type BankDetailsBody, addBankAccount } from './bank-account-service';
import { type BankStepBinding, bankStep } from './bank-step-binding';
import type { BankServices } from './create-bank';
import { type RpdStarted, type RpdStatus, rpdStatus, startRpd } from './rpd-service';
import type { AppContext } from '../context';
import { requireUser } from '../platform/auth';
import { requireStep } from '../steps/step-binding';
import { bodyObject, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { withPanRecord } from '../platform/applicants';
import { stepBody } from '../validation/step-body';
import { stepSavedResponse } from '../steps/step-responses';
import { runtimeFor } from '../platform/runtime';

const rpdStartedResponse = {
  type: 'object',
  properties: { requestId: { type: 'string' }, intentLink: { type: 'string' }, qrCode: { type: 'string' }, sandbox: { type: 'boolean' } },
  required: ['requestId', 'intentLink', 'qrCode'],
} as const;

const rpdStatusResponse = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: rpdStatuses },
    message: { type: 'string' },
    recommended: { type: 'string', enum: rpdRecommendations },
  },
  required: ['status', 'message', 'recommended'],
} as const;

/**
 * Bank linking: manual (penny drop) and UPI reverse penny drop. flow.json binds these routes to their step:
 * linking is open while the step is next (set-previous reopens it); polling goes on after the payment moved
 * the applicant past it.
 */
export function bankAccountRoutes(running: AppContext, bank: BankServices): FastifyPluginAsync {
  // Outside production, a UPI vendor nobody configured is simulated: its payments come from /api/dev/upi/... .
  const simulated = !running.production && running.providers.controls['upi-rpd'] !== undefined;
  return async (app) => {
    const bound = (request: FastifyRequest): BankStepBinding => bankStep(runtimeFor(request), requireStep(request));
    const { body, validatorCompiler, preValidation } = stepBody(running.stepValidators, bodySchemaOf(running.flow, 'POST /user/add-bank-account'));

    app.post<{ Body: BankDetailsBody }>(
      '/user/add-bank-account',
      { validatorCompiler, preValidation, schema: { body, response: responses(stepSavedResponse(running)) } },
      async (request): Promise<StepSavedResponse> => {
        const ctx = runtimeFor(request);
        const applicant = await withPanRecord(ctx.db, requireUser(request));
        const user = await addBankAccount(bank, bound(request), applicant, request.body, { now: ctx.clock(), log: request.log, deadline: request.deadlineAt });
        return { message: request.texts.say('bank.saved'), user: await ctx.users.present(user) };
      },
    );

    app.post(
      '/user/rpd-verification',
      { preValidation: defaultEmptyBody, schema: { body: bodyObject({}, []), response: responses(rpdStartedResponse) } },
      async (request): Promise<RpdStarted> => {
        const ctx = runtimeFor(request);
        const applicant = await withPanRecord(ctx.db, requireUser(request));
        const started = await startRpd(bank, bound(request), applicant, { now: ctx.clock(), log: request.log, texts: request.texts, deadline: request.deadlineAt });
        // A simulated vendor's screen shows a 'Simulate payment' control; a real payment comes from the applicant's UPI app.
        return { ...started, ...(simulated ? { sandbox: true } : {}) };
      },
    );

    app.get<{ Querystring: { requestId?: string } }>(
      '/user/rpd-verification',
      {
        schema: {
          // Optional: the request a screen started (its own), rather than the newest.
          querystring: {
            type: 'object',
            additionalProperties: false,
            properties: { requestId: { type: 'string', pattern: '^RPD[0-9A-F]{20}$', errorMessage: 'bank.rpdUnknown' } },
          },
          response: responses(rpdStatusResponse),
        },
      },
      async (request): Promise<RpdStatus> =>
        rpdStatus(bank, bound(request), requireUser(request), { now: runtimeFor(request).clock(), log: request.log, texts: request.texts, deadline: request.deadlineAt }, request.query.requestId),
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { StepSavedResponse } from '../../src/api/types';
import { type BankDetailsBody, addBankAccount } from '../bank/bank-account-service';
import { bankMessages } from '../bank/bank-messages';
import type { BankStepBinding } from '../bank/bank-step-binding';
import type { BankServices } from '../bank/create-bank';
import { type RpdStarted, type RpdStatus, rpdStatus, startRpd } from '../bank/rpd-service';
import type { AppContext } from '../context';
import { requireUser } from '../plugins/auth';
import { bodyObject, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { toUserDetails } from '../schemas/user-details';
import { stepBody } from '../validation/step-body';
import { stepSavedResponse } from './step-responses';

const bankDetailsSchemaId = 'bank-details';

const rpdStartedResponse = {
  type: 'object',
  properties: { requestId: { type: 'string' }, intentLink: { type: 'string' }, qrCode: { type: 'string' } },
  required: ['requestId', 'intentLink', 'qrCode'],
} as const;

const rpdStatusResponse = {
  type: 'object',
  properties: {
    status: { type: 'string', enum: ['not_started', 'pending', 'success', 'failure'] },
    message: { type: 'string' },
    recommended: { type: 'string', enum: ['rpd', 'penny_drop'] },
  },
  required: ['status', 'message', 'recommended'],
} as const;

/** Bank linking for the step `stepId`: manual (penny drop) and UPI reverse penny drop. */
export function bankAccountRoutes(ctx: AppContext, bank: BankServices, stepId: string): FastifyPluginAsync {
  return async (app) => {
    const step: BankStepBinding = { stepId, completeStep: (user) => ctx.steps.completeStep(user, stepId) };
    // Linking is open while the step is next; set-previous reopens it.
    const open = ctx.steps.requireStep(stepId, { onlyWhenNext: true });
    // Polling goes on after the payment moved the applicant past the step.
    const reached = ctx.steps.requireStep(stepId);
    const { body, validatorCompiler } = stepBody(ctx.stepValidators, bankDetailsSchemaId);

    app.post<{ Body: BankDetailsBody }>(
      '/user/add-bank-account',
      { preHandler: open, validatorCompiler, schema: { body, response: responses(stepSavedResponse) } },
      async (request): Promise<StepSavedResponse> => {
        const user = await addBankAccount(bank, step, requireUser(request), request.body, { now: ctx.clock(), log: request.log });
        return { message: bankMessages.saved, user: toUserDetails(user) };
      },
    );

    app.post(
      '/user/rpd-verification',
      { preHandler: open, preValidation: defaultEmptyBody, schema: { body: bodyObject({}, []), response: responses(rpdStartedResponse) } },
      async (request): Promise<RpdStarted> => startRpd(bank, step, requireUser(request), { now: ctx.clock(), log: request.log }),
    );

    app.get(
      '/user/rpd-verification',
      { preHandler: reached, schema: { response: responses(rpdStatusResponse) } },
      async (request): Promise<RpdStatus> => rpdStatus(bank, step, requireUser(request), ctx.clock()),
    );
  };
}

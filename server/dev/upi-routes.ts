import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { BankServices } from '../bank/create-bank';
import { type PaymentOutcome, receiveRpdPayment, rpdRequestApplicant } from '../bank/rpd-service';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import { apiBindings, stepOpen } from '../../core/engine/step-api';
import { responses } from '../schemas/common';

/** The sandbox payer's bank when the body names none: HDFC's Nariman Point branch (in the shipped directory). */
export const sandboxPayerIfsc = 'HDFC0000001';

interface PayBody {
  accountNumber?: string;
  ifsc?: string;
  name?: string;
  paymentId?: string;
}

const payBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    accountNumber: { type: 'string', pattern: '^[0-9]{9,19}$', errorMessage: 'accountNumber must be 9 to 19 digits' },
    ifsc: { type: 'string', pattern: '^[A-Z]{4}0[A-Z0-9]{6}$', errorMessage: 'ifsc must be a valid IFSC code' },
    name: { type: 'string', minLength: 1, maxLength: 100, errorMessage: 'name must be 1 to 100 characters' },
    paymentId: { type: 'string', pattern: '^[A-Za-z0-9_-]{6,64}$', errorMessage: 'paymentId must be 6 to 64 letters, digits, - or _' },
  },
} as const;

const outcomeResponse = {
  type: 'object',
  properties: { requestId: { type: 'string' }, status: { type: 'string' }, message: { type: 'string' }, applied: { type: 'boolean' } },
  required: ['requestId', 'status', 'message', 'applied'],
} as const;

/** A stable 14-digit account number per applicant, so repeated sandbox payments come from one account. */
function sandboxAccount(userId: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(userId).digest('hex').slice(0, 15)}`).toString().padStart(10, '0').slice(-10);
  return `5010${digits}`;
}

/**
 * POST /api/dev/upi/{requestId}/pay: the sandbox's payment arrival (the webhook a real service would
 * send). By default an account in the applicant's PAN name pays, with payment id UPI<requestId>, so
 * calling it twice delivers the same payment twice. Registered only outside production.
 */
export function devUpiRoutes(ctx: AppContext, bank: BankServices, route: string): FastifyPluginAsync {
  return async (app) => {
    const binding = apiBindings(ctx.flow).get(route);
    if (!binding) throw new Error(`flow-config/flow.json: no step declares the route '${route}' in its "api"`);
    const stepId = binding.step;
    app.post<{ Params: { requestId: string }; Body: PayBody | undefined }>(
      '/dev/upi/:requestId/pay',
      {
        preValidation: async (request) => {
          if (request.body === undefined || request.body === null) request.body = {};
        },
        schema: {
          params: { type: 'object', properties: { requestId: { type: 'string', maxLength: 64 } }, required: ['requestId'] },
          body: payBody,
          response: responses(outcomeResponse),
        },
      },
      async (request): Promise<PaymentOutcome> => {
        const { requestId } = request.params;
        const user = await rpdRequestApplicant(ctx.db, bank.db, requestId);
        if (!user) throw new ApiError(404, 'bank.rpdUnknown');
        const body = request.body ?? {};
        const payer = {
          accountNumber: body.accountNumber ?? sandboxAccount(user.id),
          ifsc: body.ifsc ?? sandboxPayerIfsc,
          name: body.name ?? user.name ?? '',
        };
        const step = {
          stepId,
          completeStep: (applicant: typeof user) => ctx.steps.completeStep(applicant, stepId),
          isOpen: (nextStep: string | null) => stepOpen(ctx.flow, nextStep, binding),
        };
        return receiveRpdPayment(bank, step, requestId, { paymentId: body.paymentId ?? `UPI${requestId}`, payer }, { now: ctx.clock(), log: request.log, texts: request.texts });
      },
    );
  };
}

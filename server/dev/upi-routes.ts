import { createHash } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { BankServices } from '../bank/create-bank';
import type { PaymentOutcome } from '../bank/rpd-payment';
import { payWithUpiApp } from '../bank/rpd-upi-app';
import type { ApplicantRow } from '../platform/applicants';
import type { AppContext } from '../context';
import type { UpiAppControls, VendorWebhook } from '../providers/upi-rpd/upi-app';
import { responses } from '../schemas/common';

/** The simulated payer's bank when the body names none: HDFC's Nariman Point branch (in the shipped directory). */
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

/** A stable 14-digit account number per applicant, so repeated simulated payments come from one account. */
function sandboxAccount(userId: string): string {
  const digits = BigInt(`0x${createHash('sha256').update(userId).digest('hex').slice(0, 15)}`).toString().padStart(10, '0').slice(-10);
  return `5010${digits}`;
}

/**
 * POST /api/dev/upi/{requestId}/pay: the applicant's UPI app paying the simulated vendor's link. The simulator records
 * the payment as the vendor would and answers with the webhook it sends; that webhook is delivered to
 * POST /api/webhooks/<vendor> as the network would, and the request's state is read back. By default an account in
 * the applicant's PAN name pays, with payment id UPI<requestId>, so calling it twice delivers the same payment twice.
 * Registered only outside production, and only while the UPI vendor is simulated.
 */
export function devUpiRoutes(ctx: AppContext, bank: BankServices, upiApp: UpiAppControls, webhookUrl: string): FastifyPluginAsync {
  return async (app) => {
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
        const body = request.body ?? {};
        const payment = (applicant: ApplicantRow) => ({
          payer: { accountNumber: body.accountNumber ?? sandboxAccount(applicant.id), ifsc: body.ifsc ?? sandboxPayerIfsc, name: body.name ?? applicant.name ?? '' },
          paymentId: body.paymentId ?? `UPI${request.params.requestId}`,
        });
        const deliver = async (webhook: VendorWebhook) => {
          const delivered = await request.server.inject({ method: 'POST', url: webhookUrl, headers: webhook.headers, payload: webhook.body });
          return delivered.statusCode === 200;
        };
        return payWithUpiApp(bank, ctx.db, upiApp, request.params.requestId, payment, deliver, request.texts);
      },
    );
  };
}

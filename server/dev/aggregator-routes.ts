import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../errors';
import { type AggregatorControls, simulatedBankAnswers } from '../providers/account-aggregator/account-aggregator';
import { responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';

const outcomeResponse = {
  type: 'object',
  properties: { consentId: { type: 'string' }, status: { type: 'string' }, redirectUrl: { type: 'string' } },
  required: ['consentId', 'status', 'redirectUrl'],
} as const;

const approveBody = {
  type: 'object',
  additionalProperties: false,
  properties: { bankAnswer: { type: 'string', enum: simulatedBankAnswers } },
} as const;

type Controls = AggregatorControls | undefined;

/**
 * POST /api/dev/aa/{consentId}/approve|reject: what the applicant does on the simulated aggregator's consent page,
 * acted on the simulator. Approve takes an optional `bankAnswer` (salary, low_income, no_data, delayed): what the bank
 * then shares. Outside production only, and only while the aggregator is simulated.
 */
export function devAggregatorApiRoutes(controls: Controls): FastifyPluginAsync {
  return async (app) => {
    for (const decision of ['approve', 'reject'] as const) {
      app.post<{ Params: { consentId: string }; Body: { bankAnswer?: (typeof simulatedBankAnswers)[number] } }>(
        `/dev/aa/:consentId/${decision}`,
        { preValidation: defaultEmptyBody, schema: { body: decision === 'approve' ? approveBody : { type: 'object', additionalProperties: false }, response: responses(outcomeResponse) } },
        async (request) => {
          const outcome = await controls?.decide(request.params.consentId, decision, request.body.bankAnswer);
          if (!outcome) throw new ApiError(404, 'sandbox.unknownConsent');
          return outcome;
        },
      );
    }
  };
}

/**
 * The consent page's old address, /dev/aa/consent/{id} (and its forms' posts): now the simulated aggregator's page at
 * the app. Nothing is there when the aggregator is live.
 */
export function devConsentPageRoutes(controls: Controls): FastifyPluginAsync {
  return async (app) => {
    if (!controls) return;
    // The old page's forms post url-encoded bodies; the redirect carries them on.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));
    const page = (consentId: string) => controls.consentPage(consentId);
    app.get<{ Params: { consentId: string } }>('/dev/aa/consent/:consentId', async (request, reply) => reply.redirect(page(request.params.consentId), 308));
    for (const decision of ['approve', 'reject'] as const) {
      // 308 keeps the method and the form's body.
      app.post<{ Params: { consentId: string } }>(`/dev/aa/consent/:consentId/${decision}`, async (request, reply) =>
        reply.redirect(`${page(request.params.consentId)}/${decision}`, 308),
      );
    }
  };
}

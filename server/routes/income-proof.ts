import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { type ConsentStart, type ConsentStatusAnswer, consentStatus, parseSubmission, skipIncomeProof, startConsent, submitManualProof } from '../income-proof/income-proof';
import { incomeProofMessages } from '../income-proof/income-proof-messages';
import { incomeProofStepId } from '../income-proof/income-proof-steps';
import { readIncomeProof, registerIncomeProofMultipart } from '../income-proof/read-income-proof';
import { requireOpenJourneyStep } from '../identity/journey-open';
import { requireUser } from '../plugins/auth';
import { responses } from '../schemas/common';
import { toUserDetails, userDetailsSchema } from '../schemas/user-details';
import type { StepSavedResponse } from '../../src/api/types';

/** A saved proof or a skip ({message, user}), or the start of the aggregator flow ({redirectionUrl, consentId}). */
const submitResponse = {
  type: 'object',
  properties: { message: { type: 'string' }, user: userDetailsSchema, redirectionUrl: { type: 'string' }, consentId: { type: 'string' } },
} as const;
const statusResponse = {
  type: 'object',
  properties: { consentStatus: { type: 'string', enum: ['pending', 'success', 'failed'] }, message: { type: 'string' } },
  required: ['consentStatus', 'message'],
} as const;
const consentParams = {
  type: 'object',
  properties: { consentId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', errorMessage: incomeProofMessages.consentNotFound } },
  required: ['consentId'],
} as const;

/** POST /user/income-proof (multipart: a PDF, the aggregator flow, or skip) and GET /user/income-proof/{consentId}. */
export function incomeProofRoutes(ctx: AppContext, stepId: string = incomeProofStepId): FastifyPluginAsync {
  return async (app) => {
    await registerIncomeProofMultipart(app);
    const preHandler = requireOpenJourneyStep(ctx, stepId);

    app.post('/user/income-proof', { preHandler, schema: { response: responses(submitResponse) } }, async (request): Promise<StepSavedResponse | ConsentStart> => {
      const user = requireUser(request);
      const submission = parseSubmission(await readIncomeProof(request));
      if (submission.kind === 'aggregator') return startConsent(ctx, user, request.log);
      if (submission.kind === 'skip') {
        return { message: incomeProofMessages.skipped, user: toUserDetails(await skipIncomeProof(ctx, user, stepId)) };
      }
      return { message: incomeProofMessages.uploaded, user: toUserDetails(await submitManualProof(ctx, user, submission, stepId)) };
    });

    app.get<{ Params: { consentId: string } }>(
      '/user/income-proof/:consentId',
      { preHandler, schema: { params: consentParams, response: responses(statusResponse) } },
      async (request): Promise<ConsentStatusAnswer> => consentStatus(ctx, requireUser(request), request.params.consentId, stepId, request.log),
    );
  };
}

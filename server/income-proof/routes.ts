import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { type ConsentStart, type ConsentStatusAnswer, consentStatus, startConsent } from './aggregator-flow';
import { parseSubmission, skipIncomeProof, submitManualProof } from './income-proof';
import { readIncomeProof } from './read-income-proof';
import { requireUser } from '../platform/auth';
import { requireStep } from '../steps/step-binding';
import { responses } from '../schemas/common';
import type { StepSavedResponse } from '../../core/api/types';
import { runtimeFor } from '../platform/runtime';

/** A saved proof or a skip ({message, user}), or the start of the aggregator flow ({redirectionUrl, consentId}). */
const statusResponse = {
  type: 'object',
  properties: { consentStatus: { type: 'string', enum: ['pending', 'success', 'failed'] }, message: { type: 'string' } },
  required: ['consentStatus', 'message'],
} as const;
const consentParams = {
  type: 'object',
  properties: { consentId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', errorMessage: 'incomeProof.consentNotFound' } },
  required: ['consentId'],
} as const;

/** POST /user/income-proof (multipart: a PDF, the aggregator flow, or skip) and GET /user/income-proof/{consentId}. */
export function incomeProofRoutes(running: AppContext): FastifyPluginAsync {
  return async (app) => {
    const submitResponse = {
      type: 'object',
      properties: { message: { type: 'string' }, user: running.users.schema, redirectionUrl: { type: 'string' }, consentId: { type: 'string' } },
    };
    const uploads = { config: { acceptsUploads: true }, schema: { response: responses(submitResponse) } };
    app.post('/user/income-proof', uploads, async (request): Promise<StepSavedResponse | ConsentStart> => {
      const ctx = runtimeFor(request);
      const user = requireUser(request);
      const { step: stepId } = requireStep(request);
      const submission = parseSubmission(await readIncomeProof(request));
      if (submission.kind === 'aggregator') return startConsent(ctx, user, request.log, request.deadlineAt);
      if (submission.kind === 'skip') {
        return { message: request.texts.say('incomeProof.skipped'), user: await ctx.users.present(await skipIncomeProof(ctx, user, stepId, request.deadlineAt)) };
      }
      return { message: request.texts.say('incomeProof.uploaded'), user: await ctx.users.present(await submitManualProof(ctx, user, submission, stepId, request.deadlineAt)) };
    });

    app.get<{ Params: { consentId: string } }>(
      '/user/income-proof/:consentId',
      { schema: { params: consentParams, response: responses(statusResponse) } },
      async (request): Promise<ConsentStatusAnswer> =>
        consentStatus(runtimeFor(request), requireUser(request), request.params.consentId, requireStep(request).step, { log: request.log, say: request.texts.say, deadline: request.deadlineAt }),
    );
  };
}

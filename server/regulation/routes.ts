import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { requireUser } from '../platform/auth';
import { bodyObject, messageResponseSchema, otpSchema, responses } from '../schemas/common';
import { callerOf, defaultEmptyBody } from '../schemas/request';
import { requireStep } from '../steps/step-binding';
import type { StepSavedResponse } from '../../core/api/types';
import { saveStep } from '../steps/step-answers';
import { stepSavedResponse } from '../steps/step-responses';
import { nominationAcknowledgement } from './nomination';
import { type OptOutCodes, optOutAnswers, sendOptOutCodes } from './opt-out';
import { type AcknowledgementState, acknowledge, acknowledgementStates } from './acknowledgements';
import { runtimeFor } from '../platform/runtime';

const stateSchema = {
  type: 'object',
  properties: {
    key: { type: 'string' },
    version: { type: 'string' },
    acknowledgedAt: { type: ['string', 'null'] },
    textSha256: { type: ['string', 'null'] },
  },
  required: ['key', 'version', 'acknowledgedAt', 'textSha256'],
} as const;

const versionBody = bodyObject({ version: { type: 'string', minLength: 1, maxLength: 100, errorMessage: 'regulation.versionRequired' } }, ['version']);

/**
 * Evidence texts the applicant acknowledges (the MITC before eSign). Not in the spec's list: GET says which the
 * applicant acknowledged in their current version; POST acknowledges one (flow.json binds it to the step that asks).
 */
export function regulationRoutes(running: AppContext): FastifyPluginAsync {
  return async (app) => {
    // Skipping the nominee is opting out (SEBI, January 2025): the spec sends no body; an opt-out verified by OTP sends
    // both codes. Stored as skipped with the declaration in the applicant's words, how it was verified, and acknowledged.
    app.post<{ Body: OptOutCodes }>(
      '/user/skip-nominee',
      { preValidation: defaultEmptyBody, schema: { body: bodyObject({ mobileOtp: otpSchema, emailOtp: otpSchema }, []), response: responses(stepSavedResponse(running)) } },
      async (request): Promise<StepSavedResponse> => {
        const ctx = runtimeFor(request);
        const { step } = requireStep(request);
        const { answers, declared } = await optOutAnswers(ctx, requireUser(request), step, request.texts, request.body);
        const acknowledgement = nominationAcknowledgement(ctx);
        const saved = await saveStep(ctx, requireUser(request), step, answers, declared, acknowledgement.stamp);
        await acknowledgement.email(saved.user, 'optedOut', 0, callerOf(request));
        return { message: request.texts.say('nominee.skipped'), user: await ctx.users.present(saved.user, saved.answers) };
      },
    );
    // The opt-out verified by a code to both the mobile and the email (the nominee page's skip says 'otp').
    app.post('/user/skip-nominee/codes', { preValidation: defaultEmptyBody, schema: { body: bodyObject({}, []), response: responses(messageResponseSchema) } }, async (request) => {
      const ctx = runtimeFor(request);
      await sendOptOutCodes(ctx, requireUser(request), requireStep(request).step, callerOf(request));
      return { message: request.texts.say('regulation.optOutCodesSent') };
    });
    app.get('/user/acknowledgements', { schema: { response: responses({ type: 'object', properties: { acknowledgements: { type: 'array', items: stateSchema } }, required: ['acknowledgements'] }) } }, async (request) => ({
      acknowledgements: await acknowledgementStates(runtimeFor(request), requireUser(request), request.texts),
    }));
    app.post<{ Params: { key: string }; Body: { version: string } }>(
      '/user/acknowledgements/:key',
      {
        schema: {
          params: { type: 'object', properties: { key: { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } }, required: ['key'] },
          body: versionBody,
          response: responses(stateSchema),
        },
      },
      async (request): Promise<AcknowledgementState> => acknowledge(runtimeFor(request), requireUser(request), request.params.key, request.body.version, request.texts),
    );
  };
}

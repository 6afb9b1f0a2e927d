import type { FastifyPluginAsync } from 'fastify';
import type { ConsentChangeResponse, ConsentsResponse, ErasureRefusal, MessageResponse } from '../../core/api/types';
import { requireUser } from '../platform/auth';
import { bodyObject, errorResponseSchema, messageResponseSchema, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { consentsOf, giveConsent, withdrawConsentTo } from './consents';
import { dataExport, requestErasure } from './service';
import { runtimeFor } from '../platform/runtime';

const nullableString = { type: ['string', 'null'] } as const;
const consentEntry = {
  type: 'object',
  properties: { purpose: { type: 'string' }, required: { type: 'boolean' }, version: nullableString, givenAt: nullableString, withdrawnAt: nullableString },
  required: ['purpose', 'required', 'version', 'givenAt', 'withdrawnAt'],
} as const;
const consentChange = { type: 'object', properties: { message: { type: 'string' }, consent: consentEntry }, required: ['message', 'consent'] } as const;
const purposeParams = { type: 'object', properties: { purpose: { type: 'string', minLength: 1, maxLength: 64 } }, required: ['purpose'] } as const;
const emptyBody = bodyObject({}, []);
const noBody = { preValidation: defaultEmptyBody };

/**
 * The applicant's data rights (signed in, whatever their step): consents per purpose, the export, erasure.
 * Each request is written to the audit trail (an erasure, once done, only to the erasure log), and is served as the
 * applicant's config release serves it (runtimeFor).
 */
export function dataRightsRoutes(): FastifyPluginAsync {
  return async (app) => {
    app.get(
      '/user/consents',
      { schema: { response: responses({ type: 'object', properties: { consents: { type: 'array', items: consentEntry } }, required: ['consents'] }) } },
      async (request): Promise<ConsentsResponse> => ({ consents: await consentsOf(runtimeFor(request), requireUser(request).id) }),
    );

    app.post<{ Params: { purpose: string } }>(
      '/user/consents/:purpose/give',
      { ...noBody, schema: { params: purposeParams, body: emptyBody, response: responses(consentChange) } },
      async (request): Promise<ConsentChangeResponse> => ({ message: request.texts.say('privacy.given'), consent: await giveConsent(runtimeFor(request), requireUser(request), request.params.purpose) }),
    );

    app.post<{ Params: { purpose: string } }>(
      '/user/consents/:purpose/withdraw',
      { ...noBody, schema: { params: purposeParams, body: emptyBody, response: responses(consentChange) } },
      async (request): Promise<ConsentChangeResponse> => ({
        message: request.texts.say('privacy.withdrawn'),
        consent: await withdrawConsentTo(runtimeFor(request), requireUser(request), request.params.purpose, request.texts.privacy),
      }),
    );

    app.get('/user/data-export', { schema: { response: { '4xx': errorResponseSchema, '5xx': errorResponseSchema } } }, async (request, reply) => {
      const ctx = runtimeFor(request);
      const zip = await dataExport(ctx, requireUser(request), request.texts.privacy.notice);
      return reply
        .type('application/zip')
        .header('content-disposition', 'attachment; filename="onboard-my-data.zip"')
        .header('cache-control', 'private, no-store')
        .send(zip);
    });

    const refusal = {
      type: 'object',
      properties: { ...errorResponseSchema.properties, law: { type: 'string' }, retainUntil: { type: 'string' } },
      required: ['statusCode', 'error', 'message', 'law', 'retainUntil'],
    } as const;
    app.post(
      '/user/erasure',
      { ...noBody, schema: { body: emptyBody, response: { 202: messageResponseSchema, 409: refusal, '4xx': errorResponseSchema, '5xx': errorResponseSchema } } },
      async (request, reply): Promise<MessageResponse | ErasureRefusal> => {
        const ctx = runtimeFor(request);
        const outcome = await requestErasure(ctx, requireUser(request), request.texts.privacy);
        if (outcome.erased) return reply.code(202).send({ message: request.texts.say('flow.erased') });
        const { message, law, retainUntil } = outcome;
        return reply.code(409).send({ statusCode: 409, error: 'Conflict', message, errorMessage: message, law, retainUntil });
      },
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { EsignPreview, MessageResponse, StepSavedResponse } from '../../core/api/types';
import type { AppContext } from '../context';
import { type EsignEntry, esignDocumentList, initiateVerification, verifyEsign } from './esign';
import type { MessageCode } from '../../core/engine/message-codes';
import { initiateWorkflow, verifyWorkflow } from './identity-workflows';
import { createEsignPreview } from './esign-preview';
import { requireUser } from '../platform/auth';
import { requireStep } from '../steps/step-binding';
import type { IdentityRequest, IdentityWorkflow } from '../providers/identity/identity';
import { bodyObject, messageResponseSchema, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { stepSavedResponse } from '../steps/step-responses';
import { runtimeFor } from '../platform/runtime';

const emptyBody = bodyObject({}, []);
const requestIdBody = bodyObject(
  { requestId: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$', errorMessage: 'requestId is not valid' } },
  ['requestId'],
);
const credentialsResponse = {
  type: 'object',
  properties: { status: { type: 'string' }, identifier: { type: 'string' }, requestId: { type: 'string' }, token: { type: 'string' } },
  required: ['status', 'identifier', 'requestId', 'token'],
} as const;
const esignListResponse = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      name: { type: 'string' },
      identifier: { type: 'string' },
      eSignRequestID: { type: 'string' },
      token: { type: 'string' },
      signed: { type: 'boolean' },
    },
    required: ['name', 'identifier', 'eSignRequestID', 'token', 'signed'],
  },
} as const;

const previewRow = {
  type: 'object',
  properties: { label: { type: 'string' }, value: { type: 'string' }, group: { type: 'string' } },
  required: ['label', 'value'],
} as const;
const esignPreviewResponse = {
  type: 'object',
  properties: {
    sections: {
      type: 'array',
      items: { type: 'object', properties: { title: { type: 'string' }, rows: { type: 'array', items: previewRow } }, required: ['title', 'rows'] },
    },
  },
  required: ['sections'],
} as const;

/** The vendor's Web SDK the screens load: its script (the vendor's, or its simulator's on this origin) and environment. */
export interface IdentityWidgetConfig {
  sdkUrl: string;
  environment: 'sandbox' | 'production';
}

const widgetResponse = {
  type: 'object',
  properties: { sdkUrl: { type: 'string' }, environment: { type: 'string', enum: ['sandbox', 'production'] } },
  required: ['sdkUrl', 'environment'],
} as const;

const workflows: { workflow: IdentityWorkflow; message: MessageCode }[] = [
  { workflow: 'kyc', message: 'identity.kycVerified' },
  { workflow: 'selfie', message: 'identity.selfieVerified' },
];

/** The identity widget's routes: KYC and selfie (initiate, verify), and Aadhaar eSign of every document. */
export function identityRoutes(running: AppContext): FastifyPluginAsync {
  return async (app) => {
    const saved = responses(stepSavedResponse(running));
    for (const { workflow, message } of workflows) {
      app.post(
        `/user/initiate-workflow/${workflow}`,
        { preValidation: defaultEmptyBody, schema: { body: emptyBody, response: responses(credentialsResponse) } },
        async (request): Promise<IdentityRequest> => initiateWorkflow(runtimeFor(request), requireUser(request), workflow, request.log, request.deadlineAt),
      );
      app.post<{ Body: { requestId: string } }>(
        `/user/verify-workflow/${workflow}`,
        { schema: { body: requestIdBody, response: saved } },
        async (request): Promise<StepSavedResponse> => {
          const ctx = runtimeFor(request);
          const user = await verifyWorkflow(ctx, requireUser(request), workflow, request.body.requestId, requireStep(request), request.log, request.deadlineAt);
          return { message: request.texts.say(message), user: await ctx.users.present(user) };
        },
      );
    }

    // Not in the spec's list: tells the screens which SDK to load (Digio's, or its simulator's) and its environment.
    app.get('/identity/widget', { schema: { response: responses(widgetResponse) } }, async (): Promise<IdentityWidgetConfig> => ({
      sdkUrl: running.identityProvider.sdk.url,
      environment: running.identityProvider.sdk.environment,
    }));

    // Not in the spec's list: 'Preview what you sign' on /aadhaar-esign, the account opening form's sections as saved.
    const preview = createEsignPreview(running);
    app.get('/user/esign-preview', { schema: { response: responses(esignPreviewResponse) } }, async (request): Promise<EsignPreview> =>
      preview(request.texts, requireUser(request)),
    );

    app.post(
      '/user/e-sign-documents',
      { preValidation: defaultEmptyBody, schema: { body: emptyBody, response: responses(esignListResponse) } },
      async (request): Promise<EsignEntry[]> => esignDocumentList(runtimeFor(request), requireUser(request), requireStep(request).step, request.texts, request.log, request.deadlineAt),
    );
    // Not in the spec's list: lets the screen confirm one document after the widget ('Esign for {document} successfully!').
    app.post<{ Body: { requestId: string } }>(
      '/user/verify-workflow/esign',
      { schema: { body: requestIdBody, response: responses(messageResponseSchema) } },
      async (request): Promise<MessageResponse> => {
        const ctx = runtimeFor(request);
        const document = await verifyEsign(ctx, requireUser(request), request.body.requestId, request.log, request.deadlineAt);
        return { message: request.texts.say('identity.esignDone', { document: request.texts.say(document) }) };
      },
    );
    app.post(
      '/user/initiate-verification',
      { preValidation: defaultEmptyBody, schema: { body: emptyBody, response: saved } },
      async (request): Promise<StepSavedResponse> => {
        const ctx = runtimeFor(request);
        const user = await initiateVerification(ctx, requireUser(request), requireStep(request).step, request.texts, request.log, request.deadlineAt);
        return { message: request.texts.say('identity.submitted'), user: await ctx.users.present(user) };
      },
    );
  };
}

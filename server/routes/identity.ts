import type { FastifyPluginAsync } from 'fastify';
import type { MessageResponse, StepSavedResponse } from '../../src/api/types';
import type { AppContext } from '../context';
import { type EsignEntry, esignDocumentList, initiateVerification, verifyEsign } from '../identity/esign';
import { identityMessages } from '../identity/identity-messages';
import { type IdentityStepIds, identityStepIds } from '../identity/identity-steps';
import { initiateWorkflow, verifyWorkflow } from '../identity/identity-workflows';
import { requireOpenJourneyStep } from '../identity/journey-open';
import { requireUser } from '../plugins/auth';
import type { IdentityRequest, IdentityWorkflow, WidgetConfig } from '../providers/digio/identity-provider';
import { bodyObject, messageResponseSchema, responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import { toUserDetails } from '../schemas/user-details';
import { stepSavedResponse } from './step-responses';

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

const widgetResponse = {
  type: 'object',
  properties: { kind: { type: 'string', enum: ['sandbox', 'digio'] }, environment: { type: 'string', enum: ['sandbox', 'production'] } },
  required: ['kind', 'environment'],
} as const;

const workflows: { workflow: IdentityWorkflow; message: string }[] = [
  { workflow: 'kyc', message: identityMessages.kycVerified },
  { workflow: 'selfie', message: identityMessages.selfieVerified },
];

/** The identity widget's routes: KYC and selfie (initiate, verify), and Aadhaar eSign of every document. */
export function identityRoutes(ctx: AppContext, steps: IdentityStepIds = identityStepIds): FastifyPluginAsync {
  return async (app) => {
    for (const { workflow, message } of workflows) {
      const preHandler = requireOpenJourneyStep(ctx, steps[workflow]);
      app.post(
        `/user/initiate-workflow/${workflow}`,
        { preHandler, preValidation: defaultEmptyBody, schema: { body: emptyBody, response: responses(credentialsResponse) } },
        async (request): Promise<IdentityRequest> => initiateWorkflow(ctx, requireUser(request), workflow, request.log),
      );
      app.post<{ Body: { requestId: string } }>(
        `/user/verify-workflow/${workflow}`,
        { preHandler, schema: { body: requestIdBody, response: responses(stepSavedResponse) } },
        async (request): Promise<StepSavedResponse> => {
          const user = await verifyWorkflow(ctx, requireUser(request), workflow, request.body.requestId, steps[workflow], request.log);
          return { message, user: toUserDetails(user) };
        },
      );
    }

    // Not in the spec's list: tells the screens which widget to load (in-app sandbox, or Digio's SDK and its environment).
    app.get('/identity/widget', { schema: { response: responses(widgetResponse) } }, async (): Promise<WidgetConfig> => ctx.identityProvider.widget);

    const esignStep = requireOpenJourneyStep(ctx, steps.esign);
    app.post(
      '/user/e-sign-documents',
      { preHandler: esignStep, preValidation: defaultEmptyBody, schema: { body: emptyBody, response: responses(esignListResponse) } },
      async (request): Promise<EsignEntry[]> => esignDocumentList(ctx, requireUser(request), request.log),
    );
    // Not in the spec's list: lets the screen confirm one document after the widget ('Esign for {document} successfully!').
    app.post<{ Body: { requestId: string } }>(
      '/user/verify-workflow/esign',
      { preHandler: esignStep, schema: { body: requestIdBody, response: responses(messageResponseSchema) } },
      async (request): Promise<MessageResponse> => ({ message: await verifyEsign(ctx, requireUser(request), request.body.requestId, request.log) }),
    );
    app.post(
      '/user/initiate-verification',
      { preHandler: esignStep, preValidation: defaultEmptyBody, schema: { body: emptyBody, response: responses(stepSavedResponse) } },
      async (request): Promise<StepSavedResponse> => {
        const user = await initiateVerification(ctx, requireUser(request), steps.esign, request.log);
        return { message: identityMessages.submitted, user: toUserDetails(user) };
      },
    );
  };
}

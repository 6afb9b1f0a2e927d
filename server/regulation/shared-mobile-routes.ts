import type { FastifyPluginAsync } from 'fastify';
import type { ApplicationsOnNumber, SignInResponse } from '../../core/api/types';
import type { AppContext } from '../context';
import { requireUser } from '../platform/auth';
import { bodyObject, responses } from '../schemas/common';
import { applicationsOnNumber, openFamilyApplication, switchApplication } from './shared-mobile';
import { runtimeFor } from '../platform/runtime';

const applicationSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: ['string', 'null'] },
    relationLabel: { type: ['string', 'null'] },
    openedAt: { type: 'string' },
    nextStepTitle: { type: ['string', 'null'] },
    submitted: { type: 'boolean' },
    current: { type: 'boolean' },
  },
  required: ['id', 'name', 'relationLabel', 'openedAt', 'nextStepTitle', 'submitted', 'current'],
} as const;

const relationSchema = { type: 'object', properties: { relation: { type: 'string' }, label: { type: 'string' } }, required: ['relation', 'label'] } as const;

/**
 * Not in the spec's list (issue 30: family members sharing one mobile number). GET /api/applications: every
 * application under the signed-in number; POST /api/applications/switch continues another; POST
 * /api/applications/family opens one for a family member with the declaration of whose number it is. Both answer
 * as signing in does ({user, token}); the session they were called with ends.
 */
export function sharedMobileRoutes(running: AppContext): FastifyPluginAsync {
  return async (app) => {
    const signInResponse = { type: 'object', properties: { user: running.users.schema, token: { type: 'string' } }, required: ['user', 'token'] };
    const idSchema = { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'regulation.applicationNotFound' };
    const relationBody = { type: 'string', minLength: 1, maxLength: 64, errorMessage: 'regulation.unknownMobileRelation' };

    app.get(
      '/applications',
      { schema: { response: responses({ type: 'object', properties: { applications: { type: 'array', items: applicationSchema }, relations: { type: 'array', items: relationSchema } }, required: ['applications', 'relations'] }) } },
      async (request): Promise<ApplicationsOnNumber> => applicationsOnNumber(runtimeFor(request), requireUser(request), request.texts),
    );
    app.post<{ Body: { applicationId: string } }>(
      '/applications/switch',
      { schema: { body: bodyObject({ applicationId: idSchema }, ['applicationId']), response: responses(signInResponse) } },
      async (request): Promise<SignInResponse> => switchApplication(runtimeFor(request), requireUser(request), request.sessionId, request.body.applicationId),
    );
    app.post<{ Body: { relation: string } }>(
      '/applications/family',
      { schema: { body: bodyObject({ relation: relationBody }, ['relation']), response: responses(signInResponse) } },
      async (request): Promise<SignInResponse> => openFamilyApplication(runtimeFor(request), requireUser(request), request.sessionId, request.body.relation, request.texts),
    );
  };
}

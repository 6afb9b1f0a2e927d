import type { FastifyPluginAsync } from 'fastify';
import type { OpsReviewerList, OpsReviewerResponse } from '../../../core/api/types';
import { type OpsRole, opsRoles } from '../../../core/engine/ops-roles';
import { requireOpsActor } from '../reviewer-auth';
import { bodyObject, errorResponseSchema, responses } from '../../schemas/common';
import { addReviewer, allReviewers, disableReviewerAccount } from '../services/reviewers';
import type { OpsDeps } from '../deps';
import { reviewerEmailSchema } from './sign-in';

const nullableString = { type: ['string', 'null'] } as const;
const reviewerSchema = {
  type: 'object',
  properties: {
    email: { type: 'string' },
    role: { type: 'string', enum: [...opsRoles] },
    active: { type: 'boolean' },
    addedBy: { type: 'string' },
    addedAt: { type: 'string' },
    disabledAt: nullableString,
    disabledBy: nullableString,
  },
  required: ['email', 'role', 'active', 'addedBy', 'addedAt', 'disabledAt', 'disabledBy'],
} as const;
const reviewerResponse = { type: 'object', properties: { reviewer: reviewerSchema }, required: ['reviewer'] } as const;
const roleSchema = { type: 'string', enum: [...opsRoles], errorMessage: `role must be one of: ${opsRoles.join(', ')}` } as const;

/**
 * The back office's accounts: anyone signed in may list them; supervisors and the ops token add them (again, with a
 * new role) and disable them. A disabled reviewer's sessions end at once.
 */
export function opsReviewerRoutes({ ctx }: OpsDeps): FastifyPluginAsync {
  return async (app) => {
    app.get('/reviewers', { schema: { response: responses({ type: 'object', properties: { reviewers: { type: 'array', items: reviewerSchema } }, required: ['reviewers'] }) } }, async (): Promise<OpsReviewerList> => ({
      reviewers: await allReviewers(ctx),
    }));

    app.post<{ Body: { email: string; role: OpsRole } }>(
      '/reviewers',
      {
        config: { opsPermission: 'manageReviewers' },
        schema: {
          body: bodyObject({ email: reviewerEmailSchema, role: roleSchema }, ['email', 'role']),
          response: { 200: reviewerResponse, 201: reviewerResponse, '4xx': errorResponseSchema, '5xx': errorResponseSchema },
        },
      },
      async (request, reply): Promise<OpsReviewerResponse> => {
        const { reviewer, created } = await addReviewer(ctx, request.body, requireOpsActor(request));
        reply.code(created ? 201 : 200);
        return { reviewer };
      },
    );

    app.post<{ Body: { email: string } }>(
      '/reviewers/disable',
      { config: { opsPermission: 'manageReviewers' }, schema: { body: bodyObject({ email: reviewerEmailSchema }, ['email']), response: responses(reviewerResponse) } },
      async (request): Promise<OpsReviewerResponse> => ({ reviewer: await disableReviewerAccount(ctx, request.body.email, requireOpsActor(request)) }),
    );
  };
}

import type { FastifyPluginAsync } from 'fastify';
import type { OpsActionResponse, OpsApplicationList, OpsApplicationResponse } from '../../../core/api/types';
import type { DecisionRequest } from '../../../core/engine/review';
import { requireOpsActor } from '../reviewer-auth';
import { responses } from '../../schemas/common';
import { defaultEmptyBody } from '../../schemas/request';
import { createOpsActions } from '../services/decisions';
import { type ListQuery, listForOps, showForOps } from '../services/applications';
import type { OpsDeps } from '../deps';
import { actionResponse, applicationResponse, decisionBody, emptyBody, idParams, listQuery, listResponse } from './schemas';

type IdParams = { id: string };

/** The queue, one application, and the decisions on it (decisions need the 'decide' permission). */
export function opsApplicationRoutes({ ctx, publicUrl, auditClock, labelAnswers }: OpsDeps): FastifyPluginAsync {
  return async (app) => {
    const actions = createOpsActions(ctx, publicUrl, auditClock);

    app.get<{ Querystring: ListQuery }>(
      '/applications',
      { schema: { querystring: listQuery, response: responses(listResponse) } },
      async (request): Promise<OpsApplicationList> => listForOps(ctx, request.query),
    );

    app.get<{ Params: IdParams }>(
      '/applications/:id',
      { schema: { params: idParams, response: responses(applicationResponse(ctx.users.schema)) } },
      async (request): Promise<OpsApplicationResponse> => ({ application: await showForOps(ctx, labelAnswers, request.params.id) }),
    );

    app.post<{ Params: IdParams; Body: DecisionRequest }>(
      '/applications/:id/decision',
      { config: { opsPermission: 'decide' }, schema: { params: idParams, body: decisionBody, response: responses(actionResponse) } },
      async (request): Promise<OpsActionResponse> => actions.decide(request.params.id, request.body, requireOpsActor(request), request.log),
    );

    app.post<{ Params: IdParams }>(
      '/applications/:id/rekyc',
      {
        config: { opsPermission: 'decide' },
        preValidation: defaultEmptyBody,
        schema: { params: idParams, body: emptyBody, response: responses(actionResponse) },
      },
      async (request): Promise<OpsActionResponse> => actions.sendRekyc(request.params.id, requireOpsActor(request), request.log, request.texts.say),
    );
  };
}

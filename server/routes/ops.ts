import type { FastifyPluginAsync } from 'fastify';
import type { OpsActionResponse, OpsApplicationList, OpsApplicationResponse } from '../../src/api/types';
import type { DecisionRequest } from '../../src/engine/review';
import type { AppContext } from '../context';
import { createOpsAuthenticate } from '../plugins/ops-auth';
import { responses } from '../schemas/common';
import { defaultEmptyBody } from '../schemas/request';
import type { DocumentLinks } from '../services/document-links';
import { createOpsActions } from '../services/ops-actions';
import { type ListQuery, listForOps, showForOps } from '../services/ops-applications';
import { actionResponse, applicationResponse, decisionBody, emptyBody, idParams, listQuery, listResponse } from './ops-schemas';

export interface OpsRouteOptions {
  /** OPS_TOKEN: the only credential these routes accept. */
  token: string;
  /** PUBLIC_URL without a trailing slash: the re-KYC link is built on it. */
  publicUrl: string;
  documents: DocumentLinks;
}

type IdParams = { id: string };

/** The back office's API (register under /api/ops, only when OPS_TOKEN is set). Applicant tokens do not open it. */
export function opsRoutes(ctx: AppContext, options: OpsRouteOptions): FastifyPluginAsync {
  return async (app) => {
    // onRequest: refused before the body is even read.
    app.addHook('onRequest', createOpsAuthenticate(options.token));
    const actions = createOpsActions(ctx, options.publicUrl);

    app.get<{ Querystring: ListQuery }>(
      '/applications',
      { schema: { querystring: listQuery, response: responses(listResponse) } },
      async (request): Promise<OpsApplicationList> => listForOps(ctx, request.query),
    );

    app.get<{ Params: IdParams }>(
      '/applications/:id',
      { schema: { params: idParams, response: responses(applicationResponse(ctx.users.schema)) } },
      async (request): Promise<OpsApplicationResponse> => ({ application: await showForOps(ctx, options.documents, request.params.id) }),
    );

    app.post<{ Params: IdParams; Body: DecisionRequest }>(
      '/applications/:id/decision',
      { schema: { params: idParams, body: decisionBody, response: responses(actionResponse) } },
      async (request): Promise<OpsActionResponse> => actions.decide(request.params.id, request.body, request.log),
    );

    app.post<{ Params: IdParams }>(
      '/applications/:id/rekyc',
      { preValidation: defaultEmptyBody, schema: { params: idParams, body: emptyBody, response: responses(actionResponse) } },
      async (request): Promise<OpsActionResponse> => actions.sendRekyc(request.params.id, request.log),
    );
  };
}

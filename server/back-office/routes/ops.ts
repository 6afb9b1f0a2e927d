import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { installOpsAuth } from '../ops-auth';
import { type AuditClock, createAuditClock } from '../services/audit-clock';
import { type AnswerLabeller, createAnswerLabeller } from '../services/ops-answers';
import type { LoadedConfig } from '../../config/load-config';
import { opsApplicationRoutes } from './ops-applications';
import { opsDocumentRoutes } from './ops-documents';
import { opsFunnelRoutes } from './ops-funnel';
import { opsProviderRoutes } from './ops-providers';
import { opsRectificationRoutes } from './ops-rectification';
import { opsReviewerRoutes } from './ops-reviewers';
import { opsSessionRoutes, opsSignInRoutes } from './ops-sign-in';

export interface OpsRouteOptions {
  /** OPS_TOKEN: the machine credential (CLI, scripts); reviewers sign in by email instead. */
  token: string;
  /** PUBLIC_URL without a trailing slash: the re-KYC link is built on it. */
  publicUrl: string;
  /** The loaded flow-config: answers are labelled from its pages and ops.json. */
  config: LoadedConfig;
}

/** What every signed-in ops feature gets. */
export interface OpsDeps {
  ctx: AppContext;
  publicUrl: string;
  /** Shared by every route that writes the audit trail, so its order is exact. */
  auditClock: AuditClock;
  labelAnswers: AnswerLabeller;
}

/**
 * The signed-in parts of the back office, one plugin per feature: a new feature is a file of its own, appended here.
 * Each route names the permission it needs in `config.opsPermission` ('read' when it names none).
 */
export const opsFeatures: ((deps: OpsDeps) => FastifyPluginAsync)[] = [
  opsSessionRoutes,
  opsApplicationRoutes,
  opsDocumentRoutes,
  opsReviewerRoutes,
  opsFunnelRoutes,
  opsRectificationRoutes,
  opsProviderRoutes,
];

/**
 * The back office's API (registered under /api/ops, only when OPS_TOKEN is set): reviewers' sign-in, then every
 * feature behind `Authorization: Bearer <reviewer token or OPS_TOKEN>`. Applicant tokens open none of it.
 */
export function opsRoutes(ctx: AppContext, options: OpsRouteOptions): FastifyPluginAsync {
  return async (app) => {
    app.decorateRequest('opsActor', null);
    const deps: OpsDeps = {
      ctx,
      publicUrl: options.publicUrl,
      auditClock: createAuditClock(ctx.clock),
      labelAnswers: createAnswerLabeller(options.config, ctx.stepValidators),
    };
    await app.register(opsSignInRoutes(ctx));
    await app.register(async (signedIn) => {
      // onRequest: a caller without credentials is refused before the body is even read.
      installOpsAuth(signedIn, options.token, ctx);
      for (const feature of opsFeatures) await signedIn.register(feature(deps));
    });
  };
}

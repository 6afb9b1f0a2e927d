import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context';
import { installOpsAuth } from './reviewer-auth';
import { createAuditClock } from './audit-clock';
import type { OpsDeps } from './deps';
import { createOpsAnswerLabeller } from './services/answers';
import { createMessageIndex } from './services/message-index';
import type { LoadedConfig } from '../config/load-config';
import { opsApplicationRoutes } from './routes/applications';
import { opsDocumentRoutes } from './routes/documents';
import { opsFunnelRoutes } from './routes/funnel';
import { opsProviderRoutes } from './routes/providers';
import { opsRectificationRoutes } from './routes/rectification';
import { opsReviewerRoutes } from './routes/reviewers';
import { opsSessionRoutes, opsSignInRoutes } from './routes/sign-in';
import { opsRegulationRoutes } from '../regulation/ops-routes';
import { opsReleaseRoutes } from './routes/releases';
import { opsStudioRoutes } from '../releases/studio/routes';

export interface OpsRouteOptions {
  /** OPS_TOKEN: the machine credential (CLI, scripts); reviewers sign in by email instead. */
  token: string;
  /** PUBLIC_URL without a trailing slash: the re-KYC link is built on it. */
  publicUrl: string;
  /** The loaded flow-config: answers are labelled from its pages and ops.json. */
  config: LoadedConfig;
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
  opsRegulationRoutes,
  opsReleaseRoutes,
  opsStudioRoutes,
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
      labelAnswers: createOpsAnswerLabeller(options.config, ctx.stepValidators),
      messages: createMessageIndex(options.config, ctx.stepValidators),
    };
    await app.register(opsSignInRoutes(ctx, options.publicUrl.startsWith('https:')));
    await app.register(async (signedIn) => {
      // onRequest: a caller without credentials is refused before the body is even read.
      installOpsAuth(signedIn, options.token, ctx);
      for (const feature of opsFeatures) await signedIn.register(feature(deps));
    });
  };
}

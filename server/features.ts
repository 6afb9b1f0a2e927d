import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import { type AppOptions, apiPrefix, defaultPublicUrl, defaultSweepIntervalMs } from './app-options';
import type { LoadedConfig } from './config/load-config';
import type { AppContext } from './context';
import type { AppProviders } from './provider-setup';
import { startEventSweep } from './analytics/service';
import { eventRoutes } from './analytics/routes';
import { userRoutes } from './applicant/routes';
import { opsRoutes } from './back-office/routes';
import { startRectificationSweep } from './back-office/services/rectification';
import { bankUtilsRoutes } from './bank/branch-routes';
import { bankAccountRoutes } from './bank/routes';
import { bankWebhookRoutes } from './bank/webhook-routes';
import { dataRightsRoutes } from './data-rights/routes';
import { devAggregatorApiRoutes, devConsentPageRoutes } from './dev/aggregator-routes';
import { devIdentityApiRoutes } from './dev/identity-routes';
import { devOutboxApiRoutes, devOutboxPageRoutes } from './dev/outbox-routes';
import { devUpiRoutes } from './dev/upi-routes';
import { documentRoutes } from './documents/routes';
import { emailRoutes } from './email-verification/routes';
import { identityRoutes } from './identity/routes';
import { identityWebhookRoutes } from './identity/webhook-routes';
import { incomeProofRoutes } from './income-proof/routes';
import { aggregatorWebhookRoutes } from './income-proof/webhook-routes';
import { nomineeRoutes } from './nominee/routes';
import { panRoutes } from './pan/routes';
import { pincodeRoutes } from './pincodes/routes';
import { createSharedTurnQueue, createTurnQueue, installApplicantTurns } from './platform/applicant-turns';
import { createAuthenticate } from './platform/auth';
import { healthRoutes } from './platform/health-routes';
import { installRequestDeadline } from './platform/request-deadline';
import { installReleaseRuntime } from './platform/runtime';
import { helpRequestRoutes } from './regulation/help-routes';
import { regulationRoutes } from './regulation/routes';
import { sharedMobileRoutes } from './regulation/shared-mobile-routes';
import { rekycRoutes } from './rekyc/routes';
import { signInRoutes } from './sign-in/routes';
import { modificationDocumentRoutes } from './steps/modification-document-routes';
import { stepRoutes } from './steps/routes';

/** What a feature is built from: the app's context, the providers it may need beyond it, the options, the loaded config. */
export interface FeatureParts {
  ctx: AppContext;
  providers: AppProviders;
  options: AppOptions;
  config: LoadedConfig;
}

/**
 * Where a feature's routes hang: `api` under /api for anyone; `applicant` under /api within the request budget (the
 * applicant's calls, the vendors' webhooks); `signedIn` there too, behind the applicant's token, one state-changing
 * request of theirs at a time; `site` at the root (the simulators' pages).
 */
type Mount = 'api' | 'applicant' | 'signedIn' | 'site';

export interface Feature {
  mount: Mount;
  prefix?: string;
  /** Its routes; null when this app has none of them (the sandboxes in production, the back office without OPS_TOKEN). */
  routes(parts: FeatureParts): FastifyPluginAsync | null;
  /** Work beside the requests (a sweep): started once every route is in place; returns how to stop it. */
  start?(parts: FeatureParts, log: FastifyBaseLogger): Promise<() => void>;
}

const signedIn = (routes: (ctx: AppContext) => FastifyPluginAsync): Feature => ({ mount: 'signedIn', routes: ({ ctx }) => routes(ctx) });
/** The simulators' controls and pages: never in production. */
const sandbox = (mount: Mount, routes: (parts: FeatureParts) => FastifyPluginAsync | null): Feature => ({
  mount,
  routes: (parts) => (parts.options.production ? null : routes(parts)),
});

/** The back office's API (/api/ops), only with OPS_TOKEN; its rectification sweep runs in every server. */
const backOffice: Feature = {
  mount: 'api',
  prefix: '/ops',
  routes: ({ ctx, options, config }) =>
    options.opsToken ? opsRoutes(ctx, { token: options.opsToken, publicUrl: (options.publicUrl ?? defaultPublicUrl).replace(/\/+$/, ''), config }) : null,
  async start({ ctx, options }, log) {
    const every = options.sweepIntervalMs ?? defaultSweepIntervalMs;
    return every > 0 ? startRectificationSweep(ctx, every, log) : () => {};
  },
};

/** Every feature of the server: a new one is its folder and a line here. */
export const features: readonly Feature[] = [
  { mount: 'api', routes: ({ ctx }) => healthRoutes(ctx) },
  { mount: 'api', routes: ({ ctx }) => eventRoutes(ctx), start: ({ ctx }, log) => startEventSweep(ctx.analytics, log) },
  backOffice,
  { mount: 'applicant', routes: ({ ctx }) => signInRoutes(ctx) },
  { mount: 'applicant', routes: ({ ctx }) => helpRequestRoutes(ctx) },
  sandbox('applicant', ({ ctx }) => devOutboxApiRoutes(ctx)),
  sandbox('applicant', ({ ctx }) => devIdentityApiRoutes(ctx)),
  sandbox('applicant', ({ providers }) => devAggregatorApiRoutes(providers.controls['account-aggregator'])),
  // The applicant's UPI app paying the simulated vendor's link (while it is simulated); its webhook goes where the vendor's would.
  sandbox('applicant', ({ ctx, providers: { bank, controls } }) =>
    controls['upi-rpd'] ? devUpiRoutes(ctx, bank, controls['upi-rpd'], `${apiPrefix}/webhooks/${bank.rpd.vendor}`) : null,
  ),
  // Vendors' notifications (/api/webhooks/<vendor>): signed, within the same budget as the vendor calls they answer.
  { mount: 'applicant', routes: ({ ctx }) => identityWebhookRoutes(ctx) },
  { mount: 'applicant', routes: ({ ctx }) => aggregatorWebhookRoutes(ctx) },
  // A UPI vendor's webhook completes the step that owns the UPI request route in flow.json.
  { mount: 'applicant', routes: ({ ctx, providers }) => bankWebhookRoutes(ctx, providers.bank, 'POST /user/rpd-verification') },
  signedIn(userRoutes),
  signedIn(emailRoutes),
  signedIn(panRoutes),
  signedIn(stepRoutes),
  signedIn(nomineeRoutes),
  signedIn(modificationDocumentRoutes),
  signedIn(rekycRoutes),
  signedIn(documentRoutes),
  signedIn(pincodeRoutes),
  signedIn(identityRoutes),
  signedIn(incomeProofRoutes),
  signedIn(dataRightsRoutes),
  signedIn(regulationRoutes),
  signedIn(sharedMobileRoutes),
  { mount: 'signedIn', routes: ({ ctx, providers }) => bankUtilsRoutes(ctx, providers.bank) },
  { mount: 'signedIn', routes: ({ ctx, providers }) => bankAccountRoutes(ctx, providers.bank) },
  sandbox('site', ({ ctx }) => devOutboxPageRoutes(ctx)),
  sandbox('site', ({ providers }) => devConsentPageRoutes(providers.controls['account-aggregator'])),
  // The simulated vendors' pages (/sim/<vendor>): a consent page, an SDK, a payment link.
  sandbox('site', ({ providers }) => providers.simulatorPages),
];

/** The route tree: each feature's routes where it mounts them (the tests' probe routes with the signed-in ones). */
export async function registerFeatures(app: FastifyInstance, parts: FeatureParts): Promise<void> {
  const { ctx, options } = parts;
  const mounted = async (scope: FastifyInstance, mount: Mount) => {
    for (const feature of features.filter((candidate) => candidate.mount === mount)) {
      const routes = feature.routes(parts);
      if (routes) await scope.register(routes, feature.prefix ? { prefix: feature.prefix } : {});
    }
  };
  const authenticate = createAuthenticate(ctx);
  // SQLite is one process's database: its queue is enough. PostgreSQL may serve several instances: they share turns.
  const turns = options.databaseUrl ? createSharedTurnQueue(ctx.db) : createTurnQueue();
  await app.register(
    async (api) => {
      await mounted(api, 'api');
      // The applicant's API (and the sandboxes' dev routes): each request within its budget, the spec's client waits 15 s.
      await api.register(async (applicant) => {
        installRequestDeadline(applicant, ctx.limits.requestBudgetMs);
        await mounted(applicant, 'applicant');
        await applicant.register(async (signedInScope) => {
          signedInScope.addHook('preValidation', authenticate);
          const { servePinned } = installReleaseRuntime(signedInScope, ctx);
          installApplicantTurns(signedInScope, { db: ctx.db, flow: ctx.flow, prefix: apiPrefix, queue: turns, releaseMoved: servePinned });
          await mounted(signedInScope, 'signedIn');
          for (const routes of options.extraSignedInRoutes ?? []) await signedInScope.register(routes(ctx));
        });
      });
    },
    { prefix: apiPrefix },
  );
  await mounted(app, 'site');
}

/** Starts every feature's background work, in order; `started` collects how to stop each as it starts. */
export async function startFeatures(parts: FeatureParts, log: FastifyBaseLogger, started: (() => void)[]): Promise<void> {
  for (const feature of features) if (feature.start) started.push(await feature.start(parts, log));
}

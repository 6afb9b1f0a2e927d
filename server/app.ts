import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { loadConfig, defaultConfigDir, repoRoot } from './config/load-config';
import { type BankOptions, type BankServices, createBank } from './bank/create-bank';
import type { AppContext } from './context';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { type Limits, resolveLimits } from './limits';
import { createAuthenticate, registerAuthDecorators } from './platform/auth';
import { installErrorHandler, sendJsonNotFound } from './platform/error-handler';
import { type AppLoggerOptions, maskingLoggerOptions } from './platform/log-masking';
import { OneLineRequestLog } from './platform/request-log';
import { registerSecurity } from './platform/security';
import { registerStaticFiles } from './platform/static-files';
import { installValidation } from './platform/validation';
import type { CapabilityClients, ProviderEnv } from './providers/registry';
import { type Providers, startProviders } from './providers/start-providers';
import { providerConfigOf } from './providers/provider-config';
import { loadPincodeIndex } from './pincodes/pincode-index';
import { devAggregatorApiRoutes, devConsentPageRoutes } from './dev/aggregator-routes';
import { devIdentityApiRoutes } from './dev/identity-routes';
import { devOutboxApiRoutes, devOutboxPageRoutes } from './dev/outbox-routes';
import { documentRoutes } from './documents/routes';
import { bankAccountRoutes } from './bank/routes';
import { bankUtilsRoutes } from './bank/branch-routes';
import { bankWebhookRoutes } from './bank/webhook-routes';
import { devUpiRoutes } from './dev/upi-routes';
import { emailRoutes } from './email-verification/routes';
import { healthRoutes } from './platform/health-routes';
import { identityRoutes } from './identity/routes';
import { identityWebhookRoutes } from './identity/webhook-routes';
import { incomeProofRoutes } from './income-proof/routes';
import { aggregatorWebhookRoutes } from './income-proof/webhook-routes';
import { panRoutes } from './pan/routes';
import { personalDetailsRoutes } from './steps/personal-details-routes';
import { pincodeRoutes } from './pincodes/routes';
import { signInRoutes } from './sign-in/routes';
import { opsRoutes } from './back-office/routes/ops';
import { genericStepRoutes } from './steps/routes';
import { documentStepRoutes } from './documents/document-step-routes';
import { uploadBindingRoutes } from './documents/upload-binding-routes';
import { nomineeRoutes } from './nominee/routes';
import { modificationDocumentRoutes } from './documents/modification-routes';
import { rekycRoutes } from './rekyc/routes';
import { userRoutes } from './applicant/routes';
import { dataRightsRoutes } from './data-rights/routes';
import { loadAppSecret } from './platform/app-secret';
import { ensurePrivateDir } from './platform/private-files';
import { createStepRules } from './steps/service';
import { createAnalytics, defaultRetentionDays } from './analytics/service';
import { eventRoutes } from './analytics/routes';
import { createUserPresenter } from './applicant/user-details';
import { installStepBinding } from './steps/step-binding';
import { createSharedTurnQueue, createTurnQueue, installApplicantTurns } from './applicant/applicant-turns';
import { decorateDeadline, installRequestDeadline } from './platform/request-deadline';
import { createSignatureGuard } from './identity/esign-validity';
import { createDocumentStorage, loadDocumentsKeyring } from './documents/uploads/create-documents';
import { createDocumentsService } from './documents/uploads/documents-service';
import type { S3StorageOptions } from './documents/uploads/s3-document-storage';
import { startRectificationSweep } from './back-office/services/rectification';
import { settingsOf } from '../core/engine/settings';
import { createTexts, decorateTexts } from './platform/texts';
import { registerUploads } from './documents/uploads/register-uploads';
import { defaultStepSchemasDir } from './validation/step-validators';
import { compileStepValidators, loadStepSchemas } from './validation/step-schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which vendor serves each capability, live or simulated (main.ts prints it at start). */
    readonly providers: Providers;
  }
}

export interface AppOptions {
  /** Folder for the SQLite file and the generated secret; default ./data. */
  dataDir?: string;
  /** PostgreSQL connection string; SQLite when unset. */
  databaseUrl?: string;
  /** flow-config folder; default the repository's. Tests pass a modified copy. */
  configDir?: string;
  /** Production mode: HSTS, no sandbox outbox routes. */
  production?: boolean;
  /** Milliseconds since the epoch; tests move time with it. */
  clock?: () => number;
  /** The providers' variables (SMS_VENDOR, MSG91_*, KRA_VENDOR, ...; server/providers/registry.ts): none set, simulators. */
  providerEnv?: ProviderEnv;
  /** Clients given outright, replacing the choice for their capability (tests of a failing vendor). */
  providers?: Partial<CapabilityClients>;
  /** SANDBOX_DELAY_MS: the simulators' latency; each simulator's default when unset, 0 in tests. */
  sandboxDelayMs?: number;
  /** Latency of the simulators' slow special values (KRA PAN digits 9999); default 4 s. */
  sandboxSlowDelayMs?: number;
  /** schemas/step-data folder; default the repository's. Tests pass a modified copy. */
  stepSchemasDir?: string;
  /** Built client to serve; served only when the folder exists. Default dist/. */
  staticDir?: string;
  /** false (default) for silence; true or pino options (with `stream`) for masked logs. */
  logger?: boolean | AppLoggerOptions;
  /** Key for OTP hashes; else DATA_DIR/secret, generated once. */
  secret?: string;
  limits?: Partial<Limits>;
  /** Origins allowed to call the API from another origin; none by default. */
  corsOrigins?: string[];
  /** Fastify's trustProxy: set behind a reverse proxy so the per-IP cap sees the client's IP. */
  trustProxy?: boolean | string;
  /** DOCUMENTS_KEY: base64 of 32 bytes, the key for documents at rest. Required in production and with S3; else DATA_DIR/documents.key. */
  documentsKey?: string;
  /** DOCUMENTS_OTHER_KEYS: comma-separated keys that open documents but never seal (key rotation). */
  otherDocumentsKeys?: string;
  /** DOCUMENTS_S3_*: documents in an S3-compatible bucket (shared by every instance); default DATA_DIR/documents. */
  documentStorage?: S3StorageOptions;
  /** Tests add signed-in probe routes here (e.g. one exercising the upload pipeline). */
  extraSignedInRoutes?: ((ctx: AppContext) => FastifyPluginAsync)[];
  /** Bank linking: branch snapshot (false: none), providers, their environment. */
  bank?: BankOptions;
  /** OPS_TOKEN: bearer token of the back office's API (/api/ops); unset, that API does not exist (404). */
  opsToken?: string;
  /** PUBLIC_URL: the app's address as applicants reach it, for links in emails; default http://localhost:3000. */
  publicUrl?: string;
  /** EVENTS_RETENTION_DAYS: funnel events older than this are swept (at start and every 6 hours); default 90. */
  eventsRetentionDays?: number;
  /** How often the rectification sweep (reminders, expiries) runs in this server; default hourly, 0 never. */
  sweepIntervalMs?: number;
}

/** How often the funnel events past their retention are swept while the server runs. */
const sweepEveryMs = 6 * 3_600_000;
export const defaultSweepIntervalMs = 60 * 60_000;

export const defaultPublicUrl = 'http://localhost:3000';

export const sharedSecretMessage =
  'APP_SECRET is required in production with DATABASE_URL: every instance on the database must hash OTP codes with the same key (openssl rand -hex 32)';

/** Maximum JSON body; upload routes set their own limit per upload kind. */
export const jsonBodyLimit = 1024 * 1024;
export const defaultStaticDir = join(repoRoot, 'dist');
const apiPrefix = '/api';

function loggerOption(logger: AppOptions['logger']): AppLoggerOptions | false {
  if (!logger) return false;
  return maskingLoggerOptions(logger === true ? {} : logger);
}

/** Signed-in route groups. */
const authenticatedRoutes: ((ctx: AppContext) => FastifyPluginAsync)[] = [
  userRoutes,
  emailRoutes,
  panRoutes,
  personalDetailsRoutes,
  genericStepRoutes,
  documentStepRoutes,
  uploadBindingRoutes,
  nomineeRoutes,
  modificationDocumentRoutes,
  rekycRoutes,
  documentRoutes,
  pincodeRoutes,
  identityRoutes,
  incomeProofRoutes,
  dataRightsRoutes,
];

/** The whole API server as a value: tests drive it with inject(), main.ts listens. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const dataDir = options.dataDir ?? join(process.cwd(), 'data');
  const production = options.production ?? false;
  const clock = options.clock ?? Date.now;
  const stepSchemasDir = options.stepSchemasDir ?? defaultStepSchemasDir;
  // Pages are checked against the same schema files the routes validate with.
  const bundle = loadConfig(options.configDir ?? defaultConfigDir, { stepSchemasDir, smsVendor: options.providerEnv?.SMS_VENDOR });
  const { flow } = bundle;
  // Before the database opens: a broken schema file or registry URL fails start-up with nothing to close.
  const stepSchemas = loadStepSchemas(stepSchemasDir, settingsOf(flow));
  const stepValidators = compileStepValidators(stepSchemas);
  const texts = createTexts({ bundle, translations: bundle.translations, stepSchemas });
  // The data folder holds the database, the secrets and the documents: the server's user's alone (0700).
  ensurePrivateDir(dataDir);
  // A secret generated into one instance's DATA_DIR would not verify the codes another instance sent.
  if (production && options.databaseUrl && !options.secret?.trim()) throw new Error(sharedSecretMessage);
  const documentsKeyring = loadDocumentsKeyring({
    dataDir,
    production,
    documentsKey: options.documentsKey,
    otherDocumentsKeys: options.otherDocumentsKeys,
    s3: options.documentStorage,
  });
  const pincodes = await loadPincodeIndex();
  const db: Kysely<Database> = createDatabase({ dataDir, databaseUrl: options.databaseUrl });
  const publicUrl = (options.publicUrl ?? defaultPublicUrl).replace(/\/+$/, '');
  let providers: Providers;
  let bank: BankServices;
  try {
    await migrateToLatest(db);
    // After the database: the simulators keep their state in it. A provider setting that cannot work fails start-up here.
    providers = await startProviders({
      db,
      clock,
      production,
      publicUrl,
      env: options.providerEnv ?? {},
      config: providerConfigOf(texts, bundle.smsTemplates, bundle.ops),
      delayMs: options.sandboxDelayMs,
      slowDelayMs: options.sandboxSlowDelayMs,
      given: options.providers,
    });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const { sms, email, kra, identity: identityProvider, 'account-aggregator': accountAggregator } = providers.clients;
  try {
    bank = await createBank(db, options.bank ?? {}, { clock, pennyDrop: providers.clients['penny-drop'], ifscLookup: providers.clients.ifsc, rpd: providers.clients['upi-rpd'] });
  } catch (error) {
    await providers.close();
    await db.destroy();
    throw error;
  }
  const documentStorage = await createDocumentStorage(dataDir, options.documentStorage);
  const signatures = createSignatureGuard(db, flow);
  const secret = loadAppSecret(dataDir, options.secret);
  const analytics = createAnalytics({ db, flow, clock, secret, retentionDays: options.eventsRetentionDays ?? defaultRetentionDays });
  const ctx: AppContext = {
    db,
    flow,
    privacy: bundle.privacy,
    texts,
    clock,
    limits: resolveLimits(options.limits),
    secret,
    sms,
    email,
    production,
    steps: createStepRules(db, flow, clock, { movedBack: (before) => signatures.changed(before, null), analytics }),
    kra,
    stepValidators,
    users: createUserPresenter(db, flow, stepValidators),
    documents: createDocumentsService({ db, storage: documentStorage, keyring: documentsKeyring, clock }),
    pincodes,
    identityProvider,
    accountAggregator,
    opsConfig: bundle.ops,
    analytics,
    providers,
  };

  const app = Fastify({
    logger: loggerOption(options.logger),
    bodyLimit: jsonBodyLimit,
    trustProxy: options.trustProxy ?? false,
    // Never echo a caller-chosen request id into logs.
    requestIdHeader: false,
    logController: new OneLineRequestLog(),
  });
  app.decorate('providers', providers);
  const sweepEvery = options.sweepIntervalMs ?? defaultSweepIntervalMs;
  const stopSweep = sweepEvery > 0 ? startRectificationSweep(ctx, sweepEvery, app.log) : () => {};
  const sweeping = setInterval(() => void analytics.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'event sweep failed')), sweepEveryMs);
  sweeping.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweeping);
    stopSweep();
    await Promise.allSettled([providers.close(), ctx.documents.close()]);
    await db.destroy();
  });

  for (const note of providers.notes) app.log.warn(note);
  for (const note of bank.startupNotes) app.log[note.level](note.message);
  // JSON only, except routes with config.acceptsUploads (multipart, see registerUploads); anything else is 415.
  app.removeContentTypeParser('text/plain');
  installValidation(app);
  const stepBinding = installStepBinding(app, flow, apiPrefix, { afterChange: (before, binding) => signatures.changed(before, binding.step) });
  decorateDeadline(app);
  decorateTexts(app, texts);
  installErrorHandler(app);
  registerAuthDecorators(app);
  await registerSecurity(app, { production, corsOrigins: options.corsOrigins ?? [], widgetOrigins: identityProvider.sdk.origins });
  await registerUploads(app);

  const authenticate = createAuthenticate(ctx);
  // SQLite is one process's database: its queue is enough. PostgreSQL may serve several instances: they share turns.
  const turns = options.databaseUrl ? createSharedTurnQueue(db) : createTurnQueue();
  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(eventRoutes(ctx));
      if (options.opsToken) {
        await api.register(opsRoutes(ctx, { token: options.opsToken, publicUrl, config: bundle }), { prefix: '/ops' });
      }
      // Vendors' notifications (/api/webhooks/<vendor>), each within the request budget like the applicant's calls.
      await api.register(async (webhooks) => {
        installRequestDeadline(webhooks, ctx.limits.requestBudgetMs);
        await webhooks.register(aggregatorWebhookRoutes(ctx));
      });
      // The applicant's API (and the sandboxes' dev routes): each request within its budget, the spec's client waits 15 s.
      await api.register(async (applicant) => {
        installRequestDeadline(applicant, ctx.limits.requestBudgetMs);
        await applicant.register(signInRoutes(ctx));
        if (!production) await applicant.register(devOutboxApiRoutes(ctx));
        if (!production) await applicant.register(devIdentityApiRoutes(ctx));
        if (!production) await applicant.register(devAggregatorApiRoutes(providers.controls['account-aggregator']));
        // Vendors' webhooks: signed, within the same budget as the vendor calls they make.
        await applicant.register(identityWebhookRoutes(ctx));
        await applicant.register(async (signedIn) => {
          signedIn.addHook('preValidation', authenticate);
          installApplicantTurns(signedIn, { db, flow, prefix: apiPrefix, queue: turns });
          for (const routes of [...authenticatedRoutes, ...(options.extraSignedInRoutes ?? [])]) await signedIn.register(routes(ctx));
          await signedIn.register(bankUtilsRoutes(ctx, bank));
          await signedIn.register(bankAccountRoutes(ctx, bank));
        });
        // A UPI vendor's webhook completes the step that owns the UPI request route in flow.json.
        await applicant.register(bankWebhookRoutes(ctx, bank, 'POST /user/rpd-verification'));
        const upiApp = providers.controls['upi-rpd'];
        if (!production && upiApp) await applicant.register(devUpiRoutes(ctx, bank, upiApp, `${apiPrefix}/webhooks/${bank.rpd.vendor}`));
      });
    },
    { prefix: apiPrefix },
  );
  if (!production) await app.register(devOutboxPageRoutes(ctx));
  if (!production) await app.register(devConsentPageRoutes());
  if (!production) await app.register(providers.simulatorPages);

  try {
    stepBinding.assertAllBound();
    await analytics.sweep();
  } catch (error) {
    await app.close();
    throw error;
  }
  const serving = await registerStaticFiles(app, options.staticDir ?? defaultStaticDir);
  if (!serving) app.setNotFoundHandler(sendJsonNotFound);
  return app;
}

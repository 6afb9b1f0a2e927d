import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { loadConfig, defaultConfigDir, repoRoot } from './config/load-config';
import type { AppContext } from './context';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { type Limits, resolveLimits } from './limits';
import { createAuthenticate, registerAuthDecorators } from './plugins/auth';
import { installErrorHandler, sendJsonNotFound } from './plugins/error-handler';
import { type AppLoggerOptions, maskingLoggerOptions } from './plugins/log-masking';
import { OneLineRequestLog } from './plugins/request-log';
import { registerSecurity } from './plugins/security';
import { registerStaticFiles } from './plugins/static-files';
import { installValidation } from './plugins/validation';
import { createMessageProviders, type MessageProviderEnv } from './providers/create-message-providers';
import type { MessageProvider } from './providers/messages';
import { type PanKraEnv, createPanRegistry } from './providers/pan-kra/create-pan-registry';
import type { PanRegistry } from './providers/pan-kra/pan-registry';
import { sandboxPanRegistryName } from './providers/pan-kra/sandbox-pan-registry';
import { sandboxProviderName } from './providers/sandbox-messages';
import { devOutboxApiRoutes, devOutboxPageRoutes } from './routes/dev-outbox';
import { emailRoutes } from './routes/email';
import { healthRoutes } from './routes/health';
import { modificationRoutes } from './routes/modification';
import { panRoutes } from './routes/pan';
import { personalDetailsRoutes } from './routes/personal-details';
import { signInRoutes } from './routes/sign-in';
import { userRoutes } from './routes/user';
import { loadAppSecret } from './services/app-secret';
import { createStepRules } from './services/steps';
import { defaultStepSchemasDir, loadStepValidators } from './validation/step-validators';

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
  sms?: MessageProvider;
  email?: MessageProvider;
  /** Chooses real providers when sms/email are not given (SMTP_URL, SMS_GATEWAY_URL, ...). */
  messageEnv?: MessageProviderEnv;
  /** Sandbox provider latency (messages and PAN registry); the providers' default when unset, 0 in tests. */
  sandboxDelayMs?: number;
  /** Latency of the sandbox PAN registry's slow trigger (digits 9999); default 4 s. */
  sandboxSlowDelayMs?: number;
  /** PAN/KRA registry; when unset, chosen by panKraEnv (PAN_KRA_URL, PAN_KRA_TOKEN), else the sandbox. */
  panRegistry?: PanRegistry;
  panKraEnv?: PanKraEnv;
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
}

/** Maximum JSON body; uploads in later issues set their own limits per route. */
export const jsonBodyLimit = 1024 * 1024;
export const defaultStaticDir = join(repoRoot, 'dist');

function loggerOption(logger: AppOptions['logger']): AppLoggerOptions | false {
  if (!logger) return false;
  return maskingLoggerOptions(logger === true ? {} : logger);
}

/** Signed-in route groups; later issues append theirs here. */
const authenticatedRoutes: ((ctx: AppContext) => FastifyPluginAsync)[] = [
  userRoutes,
  emailRoutes,
  panRoutes,
  personalDetailsRoutes,
  modificationRoutes,
];

/** The whole API server as a value: tests drive it with inject(), main.ts listens. */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const dataDir = options.dataDir ?? join(process.cwd(), 'data');
  const production = options.production ?? false;
  const clock = options.clock ?? Date.now;
  const stepSchemasDir = options.stepSchemasDir ?? defaultStepSchemasDir;
  // Pages are checked against the same schema files the routes validate with.
  const { flow } = loadConfig(options.configDir ?? defaultConfigDir, { stepSchemasDir });
  // Before the database opens: a broken schema file or registry URL fails start-up with nothing to close.
  const stepValidators = loadStepValidators(stepSchemasDir);
  const panRegistry =
    options.panRegistry ??
    createPanRegistry(options.panKraEnv ?? {}, { delayMs: options.sandboxDelayMs, slowDelayMs: options.sandboxSlowDelayMs });
  const db: Kysely<Database> = createDatabase({ dataDir, databaseUrl: options.databaseUrl });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const providers = createMessageProviders(options.messageEnv ?? {}, db, clock, { sandboxDelayMs: options.sandboxDelayMs });
  const sms = options.sms ?? providers.sms;
  const email = options.email ?? providers.email;
  const ctx: AppContext = {
    db,
    flow,
    clock,
    limits: resolveLimits(options.limits),
    secret: loadAppSecret(dataDir, options.secret),
    sms,
    email,
    production,
    steps: createStepRules(db, flow, clock),
    panRegistry,
    stepValidators,
  };

  const app = Fastify({
    logger: loggerOption(options.logger),
    bodyLimit: jsonBodyLimit,
    trustProxy: options.trustProxy ?? false,
    // Never echo a caller-chosen request id into logs.
    requestIdHeader: false,
    logController: new OneLineRequestLog(),
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...new Set([sms, email])].map((provider) => provider.close?.()));
    await db.destroy();
  });

  if (production && [sms, email].some((provider) => provider.name === sandboxProviderName)) {
    app.log.warn('production mode with a sandbox message provider: codes are recorded, not delivered');
  }
  if (production && panRegistry.name === sandboxPanRegistryName) {
    app.log.warn('production mode with the sandbox PAN registry: PANs are not checked with the KRA');
  }
  // JSON only (multipart is added per route by later issues); anything else is 415.
  app.removeContentTypeParser('text/plain');
  installValidation(app);
  installErrorHandler(app);
  registerAuthDecorators(app);
  await registerSecurity(app, { production, corsOrigins: options.corsOrigins ?? [] });

  const authenticate = createAuthenticate(ctx);
  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(signInRoutes(ctx));
      if (!production) await api.register(devOutboxApiRoutes(ctx));
      await api.register(async (signedIn) => {
        signedIn.addHook('preHandler', authenticate);
        for (const routes of authenticatedRoutes) await signedIn.register(routes(ctx));
      });
    },
    { prefix: '/api' },
  );
  if (!production) await app.register(devOutboxPageRoutes(ctx));

  const serving = await registerStaticFiles(app, options.staticDir ?? defaultStaticDir);
  if (!serving) app.setNotFoundHandler(sendJsonNotFound);
  return app;
}

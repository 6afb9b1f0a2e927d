import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { FlowConfig } from '../core/engine/flow-types';
import { settingsOf } from '../core/engine/settings';
import { type AppOptions, apiPrefix, defaultPublicUrl, defaultStaticDir, jsonBodyLimit, sharedSecretMessage } from './app-options';
import { createAnalytics, defaultRetentionDays } from './analytics/service';
import { type UserPresenter, createUserPresenter } from './applicant/user-details';
import { loadConfig, defaultConfigDir } from './config/load-config';
import type { AppContext } from './context';
import { createDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { createDocumentStorage, loadDocumentsKeyring } from './documents/uploads/create-documents';
import { createDocumentsService } from './documents/uploads/documents-service';
import { registerUploads } from './documents/uploads/register-uploads';
import { type FeatureParts, registerFeatures, startFeatures } from './features';
import { createSignatureGuard } from './identity/esign-validity';
import { resolveLimits } from './limits';
import { loadPincodeIndex } from './pincodes/pincode-index';
import { loadAppSecret } from './platform/app-secret';
import { registerAuthDecorators } from './platform/auth';
import { decorateReleaseRuntime } from './platform/runtime';
import { installErrorHandler, sendJsonNotFound } from './platform/error-handler';
import { type AppLoggerOptions, maskingLoggerOptions } from './platform/log-masking';
import { ensurePrivateDir } from './platform/private-files';
import { decorateDeadline } from './platform/request-deadline';
import { OneLineRequestLog } from './platform/request-log';
import { registerSecurity } from './platform/security';
import { registerStaticFiles } from './platform/static-files';
import { createTexts, decorateTexts } from './platform/texts';
import { installValidation } from './platform/validation';
import { type AppProviders, createProviders } from './provider-setup';
import { providerConfigOf } from './providers/provider-config';
import { simulatorProcess } from './providers/simulator-process';
import type { Providers } from './providers/start-providers';
import { builtRelease } from './releases/built-release';
import { defaultClientReleasesDir } from './releases/client-build';
import { createClientReleases } from './releases/client-releases';
import { createReleaseLibrary } from './releases/release-texts';
import { ensureFirstRelease } from './releases/service';
import { snapshotConfig } from './releases/snapshot';
import { createStepRules } from './steps/service';
import { installStepBinding } from './steps/step-binding';
import { type StepValidators, defaultStepSchemasDir } from './validation/step-validators';
import { compileStepValidators, loadStepSchemas } from './validation/step-schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /** Which vendor serves each capability, live or simulated (main.ts prints it at start). */
    readonly providers: Providers;
  }
}

function loggerOption(logger: AppOptions['logger']): AppLoggerOptions | false {
  if (!logger) return false;
  return maskingLoggerOptions(logger === true ? {} : logger);
}

/**
 * The whole API server as a value: tests drive it with inject(), main.ts listens. It composes: the checked config,
 * the database, the providers (provider-setup.ts), the context every route receives, the platform's plugins, and
 * the features with their routes and background work (features.ts).
 */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const dataDir = options.dataDir ?? join(process.cwd(), 'data');
  const production = options.production ?? false;
  const clock = options.clock ?? Date.now;
  const stepSchemasDir = options.stepSchemasDir ?? defaultStepSchemasDir;
  // Pages are checked against the same schema files the routes validate with.
  const config = loadConfig(options.configDir ?? defaultConfigDir, { stepSchemasDir, smsVendor: options.providerEnv?.SMS_VENDOR });
  const { flow } = config;
  // Before the database opens: a broken schema file or registry URL fails start-up with nothing to close.
  const stepSchemas = loadStepSchemas(stepSchemasDir, settingsOf(flow));
  const stepValidators = compileStepValidators(stepSchemas, clock);
  const texts = createTexts({ bundle: config, translations: config.translations, stepSchemas });
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
  const db = createDatabase({ dataDir, databaseUrl: options.databaseUrl });
  let providers: AppProviders;
  let release: Awaited<ReturnType<typeof ensureFirstRelease>>;
  // After the check above: what is frozen as release 1 of a fresh database is the config checked.
  const running = snapshotConfig(options.configDir ?? defaultConfigDir, stepSchemasDir);
  try {
    await migrateToLatest(db);
    release = await ensureFirstRelease(db, running, clock());
    const publicUrl = (options.publicUrl ?? defaultPublicUrl).replace(/\/+$/, '');
    const runSimulators = options.simulatorsProcessEntry
      ? simulatorProcess({
          entry: options.simulatorsProcessEntry,
          database: { dataDir, databaseUrl: options.databaseUrl },
          configDir: options.configDir ?? defaultConfigDir,
          stepSchemasDir,
          smsVendor: options.providerEnv?.SMS_VENDOR,
          publicUrl,
          delayMs: options.sandboxDelayMs,
          slowDelayMs: options.sandboxSlowDelayMs,
        })
      : undefined;
    providers = await createProviders(options, { db, clock, production, publicUrl, config: providerConfigOf(texts, config.smsTemplates, config.ops), runSimulators });
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const documentStorage = await createDocumentStorage(dataDir, options.documentStorage);
  const signatures = createSignatureGuard(db, flow);
  const secret = loadAppSecret(dataDir, options.secret);
  const analytics = createAnalytics({ db, flow, clock, secret, retentionDays: options.eventsRetentionDays ?? defaultRetentionDays });
  const { clients } = providers;
  const staticDir = options.staticDir ?? defaultStaticDir;
  // Each release's pages (issue 29): new sign-ups start on the newest release whose browser client is built.
  const clientReleases = createClientReleases({
    db,
    root: options.clientReleasesDir ?? defaultClientReleasesDir,
    // The config the server's own build was made from (the running config's, unless that build is stale).
    runningHash: builtRelease(staticDir) ?? running.hash,
    serving: existsSync(join(staticDir, 'index.html')),
    build: options.buildReleaseClients ?? false,
    ...(options.releaseClientBuilder ? { builder: options.releaseClientBuilder } : {}),
  });
  // What a flow needs to move and present an applicant: the running config's here, each other release's in `releases`.
  const flowParts = (releaseFlow: FlowConfig, validators: StepValidators, answeredWith?: UserPresenter['schema']) => {
    const guard = releaseFlow === flow ? signatures : createSignatureGuard(db, releaseFlow);
    return {
      steps: createStepRules(db, releaseFlow, clock, { movedBack: (before) => guard.changed(before, null), analytics }),
      users: createUserPresenter(db, releaseFlow, validators, answeredWith),
    };
  };
  // An application is served by the release it is pinned to (issue 29): the running config's context, or one built
  // once from the stored release (compiled with this server's clock), the same in every other respect. Routes answer
  // with the running config's user schema (registered once), so a release's applicant is presented to that schema.
  const releases = createReleaseLibrary<AppContext>(db, {
    hash: running.hash,
    texts,
    newest: () => clientReleases.newestServed(),
    clientStatus: (hash) => clientReleases.status(hash),
    buildClient: (number) => clientReleases.build(number),
    served: () => ctx,
    serve: ({ config: released, stepSchemas: releasedSchemas, texts: releasedTexts }) => {
      const validators = compileStepValidators(releasedSchemas, clock);
      return { ...ctx, flow: released.flow, texts: releasedTexts, stepValidators: validators, ...flowParts(released.flow, validators, ctx.users.schema) };
    },
  });
  const ctx: AppContext = {
    db,
    flow,
    privacy: config.privacy,
    texts,
    browserTexts: texts,
    clock,
    limits: resolveLimits(options.limits),
    secret,
    sms: clients.sms,
    email: clients.email,
    production,
    kra: clients.kra,
    stepValidators,
    ...flowParts(flow, stepValidators),
    documents: createDocumentsService({ db, storage: documentStorage, keyring: documentsKeyring, clock }),
    pincodes,
    identityProvider: clients.identity,
    accountAggregator: clients['account-aggregator'],
    opsConfig: config.ops,
    analytics,
    providers,
    releases,
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
  clientReleases.log = app.log;
  const stops: (() => void)[] = [];
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
    await clientReleases.close();
    await Promise.allSettled([providers.close(), ctx.documents.close()]);
    await db.destroy();
  });
  for (const note of providers.startupNotes) app.log[note.level](note.message);
  if (!release.runningIsNewest) app.log.warn(`flow-config differs from config release ${release.newest.number}, which new applications start on: run npm run config:release to release it`);

  // JSON only, except routes with config.acceptsUploads (multipart, see registerUploads); anything else is 415.
  app.removeContentTypeParser('text/plain');
  installValidation(app);
  const stepBinding = installStepBinding(app, flow, apiPrefix, { afterChange: (before, binding) => signatures.changed(before, binding.step) });
  decorateDeadline(app);
  decorateTexts(app, texts);
  installErrorHandler(app);
  registerAuthDecorators(app);
  decorateReleaseRuntime(app);
  await registerSecurity(app, { production, corsOrigins: options.corsOrigins ?? [], widgetOrigins: providers.widgetOrigins });
  await registerUploads(app);

  // Before the features: the hook must see every signed-in route.
  clientReleases.installCookie(app);
  const parts: FeatureParts = { ctx, providers, options, config };
  await registerFeatures(app, parts);
  try {
    stepBinding.assertAllBound();
    await startFeatures(parts, app.log, stops);
  } catch (error) {
    await app.close();
    throw error;
  }
  // The releases open applications are on, compiled before the first request (the running config's is built already).
  const { prepared, failed } = await releases.prepareOpen();
  if (prepared.length > 0) app.log.info(`serving open applications on config releases ${prepared.join(', ')}`);
  for (const { number, problem } of failed) app.log.error(`config release ${number} cannot be served: ${problem}`);
  const serving = await registerStaticFiles(app, staticDir, clientReleases);
  if (!serving) app.setNotFoundHandler(sendJsonNotFound);
  await clientReleases.prepare();
  return app;
}

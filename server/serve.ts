import { buildApp } from './app';
import { ConfigError } from './config/load-config';
import { parseEnv } from './env';
import { ProviderSettingsError } from './providers/choose-providers';
import { batchedStdout } from './platform/log-stream';

/** Starts the one server: API, sandbox outbox (outside production) and the built client. `entry`: the running bundle. */
export async function serve(entry: string): Promise<void> {
  const env = parseEnv(process.env);
  // SIMULATORS=process: the simulators in a child running this same bundle (main.ts), on the same database.
  if (env.simulatorsInProcess === false) env.app.simulatorsProcessEntry = entry;
  const logs = batchedStdout();
  // A flow that fails the config check, or provider settings that cannot work, are never served: the problems, then exit 1.
  // The server builds a config release's browser client it lacks (a child process each; server/releases/client-releases.ts).
  const app = await buildApp({ ...env.app, buildReleaseClients: true, logger: { level: process.env.LOG_LEVEL ?? 'info', stream: logs } }).catch((error: unknown) => {
    if (!(error instanceof ConfigError) && !(error instanceof ProviderSettingsError)) throw error;
    console.error(error.message);
    process.exit(1);
  });

  let closing = false;
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; then the providers and the database close (onClose hook).
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: env.port, host: env.host });
  } catch (error) {
    app.log.error({ err: error }, 'could not start');
    await app.close();
    process.exit(1);
  }

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  const shownHost = env.host === '0.0.0.0' || env.host === '::' ? 'localhost' : env.host;
  const base = `http://${shownHost}:${port}`;
  console.log(`\nOnboard is running at ${base}`);
  if (env.app.production) {
    console.log('Production mode: the sandbox outbox is off.');
  } else {
    console.log(`Sandbox outbox (SMS and email codes): ${base}/dev/outbox`);
  }
  for (const provider of app.providers.active) {
    const simulated = provider.mode === 'simulator' && provider.vendor !== 'sandbox';
    console.log(`${provider.title}: ${simulated ? `simulator of ${provider.vendorTitle}` : provider.vendorTitle}`);
  }
  console.log(`Back-office API (/api/ops): ${env.app.opsToken ? 'on (OPS_TOKEN)' : 'off (set OPS_TOKEN to turn it on)'}`);
  console.log(`Database: ${env.app.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `SQLite in ${env.app.dataDir}`}\n`);
}

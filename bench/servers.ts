import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverOutFile } from '../scripts/build-server';
import { startServer, type ServerProcess } from './processes';

/** The app as `npm start` runs it and the bare route beside it, both listening. */
export interface BenchServers {
  app: ServerProcess;
  bare: ServerProcess;
  /** The bare route plus the app's security headers and request log line. */
  bareLikeApp: ServerProcess;
  /** The app's DATA_DIR (SQLite), where applicants are prepared outside the timed runs. */
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The compiled server in plain node (SQLite in a fresh folder, sandbox providers, request logs at
 * the default level, its output dropped), and a bare Fastify route answering {} in its own process.
 */
export async function startBenchServers(): Promise<BenchServers> {
  const dataDir = mkdtempSync(join(tmpdir(), 'onboard-bench-'));
  const bareArgs = ['--import', 'tsx', join(import.meta.dirname, 'bare-server.ts')];
  const bare = await startServer(bareArgs, {});
  const bareLikeApp = await startServer(bareArgs, { BARE_LIKE_APP: '1' });
  // SANDBOX_DELAY_MS=0: the sandbox SMS gateway's simulated 150 ms wait would measure a timer, not the server.
  const env = { DATA_DIR: dataDir, TRUST_PROXY: 'true', SANDBOX_DELAY_MS: '0', NODE_ENV: '' };
  // Up to two minutes to answer: the first start loads the bank branch snapshot (about 10 s idle, 25 s on a busy machine).
  const app = await startServer([serverOutFile], env, '/api/health', 120).catch(async (error: unknown) => {
    await Promise.all([bare.stop(), bareLikeApp.stop()]);
    throw error;
  });
  return {
    app,
    bare,
    bareLikeApp,
    dataDir,
    async stop() {
      await Promise.all([app.stop(), bare.stop(), bareLikeApp.stop()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, afterEach } from 'vitest';
import { settingsOf } from '../../../core/engine/settings';
import { defaultConfigDir, loadConfig } from '../../../server/config/load-config';
import { createDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import type { Database } from '../../../server/db/schema';
import { createTexts } from '../../../server/platform/texts';
import { createHttp } from '../../../server/providers/http';
import { type ProviderConfig, providerConfigOf } from '../../../server/providers/provider-config';
import { createSimulatorStore } from '../../../server/providers/simulator-store';
import { simulatorPath, startSimulators } from '../../../server/providers/simulators';
import type { ClientDeps, SimulatorDeps, VendorDefinition, VendorSettings } from '../../../server/providers/vendor';
import { defaultStepSchemasDir } from '../../../server/validation/step-validators';
import { loadStepSchemas } from '../../../server/validation/step-schemas';
import { createTestDatabase } from '../test-database';

/**
 * What every contract test shares: a vendor's documented fixtures, a recording peer that answers like the vendor's
 * fixture says (for the client), and the vendor's simulator on loopback with a real database (for the simulator).
 */

/** One documented exchange: what the client sends, what the vendor answers, and what that means to us. */
export interface Fixture<Expect = unknown> {
  /** Where the exchange is documented (or 'simulator' for a behaviour of ours, e.g. a special value). */
  source: string;
  request: { method: string; path: string; headers?: Record<string, string>; body?: unknown; form?: Record<string, string>; xml?: string };
  response: { status: number; contentType?: string; body: unknown };
  expect: Expect;
}

export function fixturesOf<Expect>(folder: string): { name: string; fixture: Fixture<Expect> }[] {
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name: name.replace(/\.json$/, ''), fixture: JSON.parse(readFileSync(join(folder, name), 'utf8')) as Fixture<Expect> }));
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
/** Simulators a whole file's tests share (started in its beforeAll): closed once they have all run. */
const fileCleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of fileCleanups.splice(0).reverse()) await cleanup();
});

let config: ProviderConfig | undefined;
/** The repository's flow-config as providers see it. */
export function repoProviderConfig(): ProviderConfig {
  if (config) return config;
  const bundle = loadConfig(defaultConfigDir);
  const stepSchemas = loadStepSchemas(defaultStepSchemasDir, settingsOf(bundle.flow));
  const texts = createTexts({ bundle, translations: bundle.translations, stepSchemas });
  config = providerConfigOf(texts, bundle.smsTemplates, bundle.ops);
  return config;
}

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A loopback server answering every request with `answer` (status, type, body), keeping what it received. */
export async function recordingPeer(answer: (received: Received) => { status: number; contentType?: string; body: unknown; delayMs?: number }): Promise<{ base: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const one = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, text: Buffer.concat(chunks).toString('utf8') };
      received.push(one);
      const { status, contentType, body, delayMs } = answer(one);
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      setTimeout(() => {
        if (!res.destroyed) res.writeHead(status, { 'content-type': contentType ?? 'application/json' }).end(payload);
      }, delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

export function clientDeps(vendor: string, providerConfig: ProviderConfig = repoProviderConfig()): ClientDeps {
  return { clock: Date.now, http: createHttp(vendor), publicUrl: 'http://localhost:3000', config: providerConfig };
}

export interface RunningSimulator {
  settings: VendorSettings;
  /** The simulator's address (…/<vendor>). */
  base: string;
  db: Kysely<Database>;
  deps: SimulatorDeps;
}

/** The vendor's simulator on loopback, on a fresh database (SQLite, or PostgreSQL with ONBOARD_TEST_POSTGRES_URL). */
export async function startVendorSimulator(
  definition: VendorDefinition,
  options: { delayMs?: number; slowDelayMs?: number; clock?: () => number; config?: ProviderConfig; sharedByFile?: boolean } = {},
): Promise<RunningSimulator> {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-sim-'));
  const database = await createTestDatabase();
  const db = createDatabase({ dataDir: dir, databaseUrl: database.url });
  await migrateToLatest(db);
  const clock = options.clock ?? Date.now;
  const base = options.config ?? repoProviderConfig();
  const deps: SimulatorDeps = {
    db,
    store: createSimulatorStore(db, definition.vendor, clock),
    clock,
    delayMs: options.delayMs ?? 0,
    slowDelayMs: options.slowDelayMs ?? 0,
    publicUrl: 'http://localhost:3000',
    config: definition.simulator.prepareConfig?.(base) ?? base,
  };
  const running = await startSimulators([{ definition, deps }]);
  (options.sharedByFile ? fileCleanups : cleanups).push(async () => {
    await running.close();
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  const settings = running.settings.get(definition) ?? {};
  return { settings, base: `${running.baseUrl ?? ''}${simulatorPath(definition)}`, db, deps };
}

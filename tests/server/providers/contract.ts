import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, expect } from 'vitest';
import { createDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import type { Database } from '../../../server/db/schema';
import { type SimulatorStore, createSimulatorStore } from '../../../server/providers/simulator-store';
import { createTestDatabase } from '../test-database';
import { type CapturedRequest, type Reply, json, startHttpPeer } from '../http-peer';

/**
 * Contract tests (server/providers/README.md, "Tests"): a vendor folder's fixtures are the vendor's documented
 * requests and answers. The client is run against them (what it sends must be the fixture's request; what the fixture
 * answers must map to the documented result) and the simulator is sent the same requests (its answers must have the
 * fixture's shape and documented values), so neither can drift from the documentation alone.
 */

export interface Fixture {
  source: string;
  /** The key a signing secret in the fixture is for (webhooks). */
  secret?: string;
  request: { method: string; path: string; headers?: Record<string, string>; body?: unknown };
  response: { status: number; body?: unknown };
}

/** The JSON fixtures of a vendor folder, by file name without .json. */
export function loadFixtures(folder: string): Record<string, Fixture> {
  const dir = join(folder, 'fixtures');
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.json'))
      .map((name) => [name.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, name), 'utf8')) as Fixture]),
  );
}

/** The fixture's answer, for a peer (tests/server/http-peer.ts) standing in for the vendor. */
export const answerOf = (fixture: Fixture): Reply => json(fixture.response.status, fixture.response.body ?? {});

/** The request the client sent is the fixture's request: method, path (with its query) and body. */
export function expectRequest(sent: CapturedRequest | undefined, fixture: Fixture, prefix = ''): void {
  expect(sent, 'no request reached the vendor').toBeDefined();
  expect({ method: sent?.method, path: sent?.url, body: sent?.body }).toEqual({
    method: fixture.request.method,
    path: `${prefix}${fixture.request.path}`,
    body: fixture.request.body,
  });
}

type JsonType = 'null' | 'array' | 'object' | 'string' | 'number' | 'boolean' | 'undefined';
const typeOf = (value: unknown): JsonType => (value === null ? 'null' : Array.isArray(value) ? 'array' : (typeof value as JsonType));

export interface ShapeRules {
  /** Paths whose values must equal the documentation's (statuses, codes). */
  values?: readonly string[];
  /** Paths the documentation marks optional: they may be absent. */
  optional?: readonly string[];
  /** Objects whose keys are the caller's own (Setu's additionalData): only their values' types are checked. */
  freeForm?: readonly string[];
}

/**
 * `actual` has the shape of `documented`: the same keys, none more (a simulator invents no field), each of the same
 * JSON type; a documented null or empty array accepts any value.
 */
export function expectSameShape(actual: unknown, documented: unknown, rules: ShapeRules = {}, path = ''): void {
  const where = path || '(body)';
  if (rules.values?.includes(path)) expect(actual, where).toEqual(documented);
  const expectedType = typeOf(documented);
  if (expectedType === 'null') return;
  expect(typeOf(actual), `${where}: type`).toBe(expectedType);
  if (expectedType === 'array') {
    const [first] = documented as unknown[];
    for (const item of actual as unknown[]) if (first !== undefined) expectSameShape(item, first, rules, `${path}[]`);
    return;
  }
  if (expectedType !== 'object' || rules.freeForm?.includes(path)) return;
  const got = actual as Record<string, unknown>;
  const want = documented as Record<string, unknown>;
  const child = (key: string) => (path ? `${path}.${key}` : key);
  const required = Object.keys(want).filter((key) => !rules.optional?.includes(child(key)));
  expect(Object.keys(got).filter((key) => !(key in want)), `${where}: keys the documentation does not have`).toEqual([]);
  expect(required.filter((key) => !(key in got)), `${where}: missing keys`).toEqual([]);
  for (const key of Object.keys(want)) if (key in got) expectSameShape(got[key], want[key], rules, child(key));
}

/** A simulator's Fastify plugin mounted alone under `prefix`, on a real database's simulator store. */
export interface MountedSimulator {
  app: FastifyInstance;
  store: SimulatorStore;
  db: Kysely<Database>;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A fresh migrated database (SQLite in a temp dir, or PostgreSQL under test:postgres) and `vendor`'s store on it. */
export async function simulatorDatabase(vendor: string, clock: () => number): Promise<{ db: Kysely<Database>; store: SimulatorStore }> {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-sim-'));
  const database = await createTestDatabase();
  const db = createDatabase({ dataDir: dir, databaseUrl: database.url });
  cleanups.push(async () => {
    await db.destroy();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  await migrateToLatest(db);
  return { db, store: createSimulatorStore(db, vendor, clock) };
}

export async function mountSimulator(prefix: string, routes: (store: SimulatorStore) => FastifyPluginAsync, vendor: string, clock: () => number): Promise<MountedSimulator> {
  const { db, store } = await simulatorDatabase(vendor, clock);
  const app = Fastify({ logger: false });
  await app.register(routes(store), { prefix });
  await app.ready();
  cleanups.push(() => app.close());
  return { app, store, db };
}

/** Sends a fixture's request (its path, or `path` in its place) to a mounted simulator with `headers`. */
export async function sendToSimulator(mounted: MountedSimulator, prefix: string, fixture: Fixture, headers: Record<string, string>, path = fixture.request.path) {
  const response = await mounted.app.inject({
    method: fixture.request.method as 'GET' | 'POST',
    url: `${prefix}${path}`,
    headers: { ...headers, ...fixture.request.headers },
    ...(fixture.request.body === undefined ? {} : { payload: fixture.request.body as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.body ? (JSON.parse(response.body) as unknown) : undefined };
}

/** A vendor on 127.0.0.1 that answers each request with the fixture `route` picks for it (a flow of several calls). */
export function startFixtureVendor(route: (method: string, path: string) => Fixture | undefined) {
  return startHttpPeer((res, request) => {
    const chosen = route(request?.method ?? '', request?.url ?? '');
    if (chosen) answerOf(chosen)(res, request);
    else res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
  });
}

/** A vendor folder's fixtures by name; an unknown name fails the test that asks for it. */
export function fixturesOf(folder: string): (name: string) => Fixture {
  const fixtures = loadFixtures(folder);
  return (name) => {
    const found = fixtures[name];
    if (!found) throw new Error(`no fixture ${name} in ${folder}`);
    return found;
  };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ApiErrorBody, OutboxMessage, SignInResponse, TokenResponse } from '../../core/api/types';
import { buildApp } from '../../server/app';
import type { AppOptions } from '../../server/app-options';
import { migratedTestDatabase } from './migrated-database';
import { unreachableVendors } from './production-vendors';

/** A fixed start so expiry tests read as plain arithmetic. */
export const startTime = Date.UTC(2026, 0, 15, 10, 0, 0);
export const minutes = (n: number) => n * 60_000;

export interface TestClock {
  now: number;
  advance(ms: number): void;
}

export interface TestApp {
  app: FastifyInstance;
  clock: TestClock;
  dir: string;
  /** PostgreSQL database of this app when the tests run against PostgreSQL; undefined for SQLite in `dir`. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * A real app on a real database (SQLite in a fresh temp dir, or a fresh PostgreSQL database with
 * ONBOARD_TEST_POSTGRES_URL); sandbox messages, no latency, a movable clock.
 */
export async function startTestApp(options: AppOptions = {}): Promise<TestApp> {
  const dir = mkdtempSync(join(tmpdir(), 'onboard-server-'));
  const database = await migratedTestDatabase(dir);
  const clock: TestClock = {
    now: startTime,
    advance(ms) {
      this.now += ms;
    },
  };
  const cleanUp = async () => {
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  const app = await buildApp({
    dataDir: dir,
    clock: () => clock.now,
    sandboxDelayMs: 0,
    secret: 'test-secret',
    staticDir: join(dir, 'no-client-build'),
    // Bank tests load a small branch file of their own; the full directory takes seconds.
    bank: { branchSnapshot: false },
    // Tests run the rectification sweep themselves, at the time they choose.
    sweepIntervalMs: 0,
    ...(database.url ? { databaseUrl: database.url } : {}),
    // Production needs its vendors configured: see production-vendors.ts.
    ...(options.production && !options.providers && !options.providerEnv ? { providers: unreachableVendors() } : {}),
    ...options,
  }).catch(async (error: unknown) => {
    await cleanUp();
    throw error;
  });
  return {
    app,
    clock,
    dir,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await cleanUp();
    },
  };
}

let phoneCounter = 0;

/** A fresh valid mobile number per call, so tests sharing one database never collide. */
export function newPhone(): string {
  phoneCounter += 1;
  return `98765${String(phoneCounter).padStart(5, '0')}`;
}

let ipCounter = 0;

/** A fresh client address per applicant, so the per-IP cap only bites where a test wants it to. */
export function newIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export interface CallOptions {
  headers?: Record<string, string>;
  ip?: string;
}

export function post(app: FastifyInstance, url: string, body: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url, payload: body as object, headers: options.headers, remoteAddress: options.ip ?? '127.0.0.1' });
}

export function get(app: FastifyInstance, url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url, headers: options.headers, remoteAddress: options.ip ?? '127.0.0.1' });
}

/** The sandbox outbox through its own route, newest first. */
export async function outbox(app: FastifyInstance, to: string): Promise<OutboxMessage[]> {
  const response = await get(app, `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  if (response.statusCode !== 200) throw new Error(`outbox answered ${response.statusCode}: ${response.body}`);
  return response.json<{ messages: OutboxMessage[] }>().messages;
}

export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const code = (await outbox(app, to))[0]?.code;
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** A code of the right length that is not `code`. */
export function wrongCode(code: string): string {
  return code === '0000' ? '1111' : '0000';
}

/** Signup (or login) and return the verify token. */
export async function requestOtp(app: FastifyInstance, phone: string, ip = newIp()): Promise<string> {
  const response = await post(app, '/api/signup', { phone }, { ip });
  if (response.statusCode !== 200) throw new Error(`signup answered ${response.statusCode}: ${response.body}`);
  return response.json<TokenResponse>().token;
}

import { noticeVersion } from './notice-version';

export { noticeVersion };

/** Verifies the code; the applicant accepts the Privacy Notice, as every sign-in from /login does. */
export async function verifyOtp(app: FastifyInstance, phone: string, verifyToken: string, otp: string): Promise<LightMyRequestResponse> {
  return post(app, '/api/verify/mobile-otp', { phone, otp, noticeVersion }, { headers: { 'x-verify-token': verifyToken } });
}

/** A signed-in applicant: signup, read the code from the outbox, verify. */
export async function signIn(t: TestApp, phone = newPhone()): Promise<SignInResponse & { phone: string }> {
  const { app } = t;
  const verifyToken = await requestOtp(app, phone);
  const response = await verifyOtp(app, phone, verifyToken, await latestCode(app, phone));
  if (response.statusCode !== 200) throw new Error(`verify answered ${response.statusCode}: ${response.body}`);
  return { ...response.json<SignInResponse>(), phone };
}

export const auth = (token: string) => ({ headers: { 'x-access-token': token } });

/** Everything the app logs, as written: pass `stream` as the logger's stream, read `text()` after. */
export function captureLogs(): { stream: Writable; text: () => string } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => lines.join('') };
}

/** The JSON error body of an inject() response. */
export const errorOf = (response: { json: <T>() => T }) => response.json<ApiErrorBody>();

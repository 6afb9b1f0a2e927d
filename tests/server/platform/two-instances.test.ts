import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import type { AppOptions } from '../../../server/app-options';
import { createDatabase } from '../../../server/db/database';
import type { UserUpdate } from '../../../server/db/schema';
import type { OpsApplicationResponse, OutboxMessage, SignInResponse, UserResponse } from '../../../core/api/types';
import { newPhone, noticeVersion } from '../helpers';
import { type LocalS3, startLocalS3 } from '../s3-server';
import { createTestDatabase, type TestDatabase } from '../test-database';
import { phoneJpeg } from '../upload-fixtures';

/**
 * Two instances of the app behind a load balancer: two buildApp on one database and one object store, each on a
 * real socket, nothing else shared. On PostgreSQL (ONBOARD_TEST_POSTGRES_URL, as `npm run test:postgres` and CI run
 * it) each instance has a data folder of its own; on SQLite (plain `npm test`) they share the folder that holds the
 * database file, the way two processes on one machine would.
 */
const postgres = Boolean(process.env.ONBOARD_TEST_POSTGRES_URL);
const opsToken = 'two-instances-ops-token-0123456789abcdef';

interface Instance {
  app: FastifyInstance;
  url: string;
}

let s3: LocalS3;
let database: TestDatabase;
let dirs: string[];
let a: Instance;
let b: Instance;

async function start(dataDir: string): Promise<Instance> {
  const options: AppOptions = {
    dataDir,
    ...(database.url ? { databaseUrl: database.url } : {}),
    // What every instance of one deployment shares: the secrets, the bucket, the back office's token.
    secret: 'two-instances-app-secret',
    documentsKey: Buffer.alloc(32, 8).toString('base64'),
    documentStorage: s3.options,
    opsToken,
    trustProxy: true,
    sandboxDelayMs: 0,
    staticDir: join(dataDir, 'no-client-build'),
    bank: { branchSnapshot: false },
  };
  const app = await buildApp(options);
  return { app, url: await app.listen({ host: '127.0.0.1', port: 0 }) };
}

beforeAll(async () => {
  s3 = await startLocalS3();
  database = await createTestDatabase();
  const shared = mkdtempSync(join(tmpdir(), 'onboard-two-'));
  dirs = postgres ? [shared, mkdtempSync(join(tmpdir(), 'onboard-two-'))] : [shared, shared];
  a = await start(dirs[0]!);
  b = await start(dirs[1]!);
});

afterAll(async () => {
  await Promise.allSettled([a?.app.close(), b?.app.close()]);
  await database?.drop();
  await s3?.close();
  for (const dir of new Set(dirs)) rmSync(dir, { recursive: true, force: true });
});

let address = 0;
/** Each applicant from an address of its own, through the load balancer (x-forwarded-for). */
const client = () => ({ 'x-forwarded-for': `10.77.${(address >> 8) & 255}.${(address += 1) & 255}` });

async function call<T>(on: Instance, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${on.url}${path}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function latestCode(on: Instance, to: string): Promise<string> {
  const { body } = await call<{ messages: OutboxMessage[] }>(on, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return body.messages[0]?.code ?? '';
}

/** Signs up through `sendVia`, verifies through `verifyVia`. */
async function signIn(sendVia: Instance, verifyVia: Instance): Promise<{ phone: string; id: string; token: string }> {
  const phone = newPhone();
  const headers = client();
  const sent = await call<{ token: string }>(sendVia, 'POST', '/api/signup', { phone }, headers);
  expect(sent.status).toBe(200);
  const verified = await call<SignInResponse>(verifyVia, 'POST', '/api/verify/mobile-otp', { phone, otp: await latestCode(verifyVia, phone), noticeVersion }, { ...headers, 'x-verify-token': sent.body.token });
  expect(verified.status).toBe(200);
  return { phone, id: verified.body.user.id, token: verified.body.token };
}

/** Puts an applicant at a step directly in the shared database (the steps before it are other tests' subject). */
async function setUser(id: string, patch: UserUpdate): Promise<void> {
  const db = createDatabase({ dataDir: dirs[0]!, databaseUrl: database.url });
  try {
    await db.updateTable('users').set(patch).where('id', '=', id).execute();
  } finally {
    await db.destroy();
  }
}

describe(`two instances on one ${postgres ? 'PostgreSQL' : 'SQLite'} database and one object store`, () => {
  it('an OTP sent through one verifies through the other, and the session works on both', async () => {
    const who = await signIn(a, b);
    for (const on of [a, b]) {
      const { status, body } = await call<UserResponse>(on, 'GET', '/api/user', undefined, { 'x-access-token': who.token });
      expect({ status, phone: body.user.phone }).toEqual({ status: 200, phone: who.phone });
    }
    // Signed out through one, signed out on both.
    expect((await call(a, 'POST', '/api/logout', {}, { 'x-access-token': who.token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/user', undefined, { 'x-access-token': who.token })).status).toBe(401);
  });

  it('the send caps and the resend wait count sends through both', async () => {
    const phone = newPhone();
    const first = await call<{ token: string }>(a, 'POST', '/api/signup', { phone }, client());
    const early = await call<{ message: string }>(b, 'POST', '/api/resend-mobile-otp', { phone }, { ...client(), 'x-verify-token': first.body.token });
    expect({ status: early.status, message: early.body.message }).toEqual({ status: 429, message: 'request too early' });
    // Five sends per number per 15 minutes: four more, alternating, then the next is refused on either instance.
    for (const on of [b, a, b, a]) expect((await call(on, 'POST', '/api/signup', { phone }, client())).status).toBe(200);
    for (const on of [b, a]) expect((await call<{ message: string }>(on, 'POST', '/api/signup', { phone }, client())).body.message).toBe('too many requests');
  });

  it('a document uploaded through one is served by the other, byte for byte', async () => {
    const who = await signIn(a, a);
    await setUser(who.id, { current_step: 'aadhaar_verification', next_step: 'pan_image_upload' });
    const form = new FormData();
    form.append('pan', new Blob([new Uint8Array(await phoneJpeg(320, 200))], { type: 'image/jpeg' }), 'pan.jpg');
    const uploaded = await fetch(`${a.url}/api/user/pan-proof-upload`, { method: 'POST', body: form, headers: { 'x-access-token': who.token } });
    expect(uploaded.status).toBe(200);
    const id = ((await uploaded.json()) as { user: { documentId: string } }).user.documentId;
    const download = async (on: Instance) => {
      const response = await fetch(`${on.url}/api/user/documents/${id}`, { headers: { 'x-access-token': who.token } });
      return { status: response.status, type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
    };
    const fromA = await download(a);
    const fromB = await download(b);
    expect({ status: fromB.status, type: fromB.type }).toEqual({ status: 200, type: 'image/jpeg' });
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
  });

  it('a back-office decision made through one is seen by the other, by the back office and by the applicant', async () => {
    const who = await signIn(b, b);
    await setUser(who.id, { current_step: 'aadhaar_e_sign_documents', next_step: 'verification_pending', email: 'two.instances@example.in', email_verified: 1 });
    const ops = { authorization: `Bearer ${opsToken}` };
    const decided = await call<{ nextStep: string }>(a, 'POST', `/api/ops/applications/${who.id}/decision`, { action: 'approve' }, ops);
    expect({ status: decided.status, nextStep: decided.body.nextStep }).toEqual({ status: 200, nextStep: 'verified' });
    const seen = await call<OpsApplicationResponse>(b, 'GET', `/api/ops/applications/${who.id}`, undefined, ops);
    expect(seen.body.application.user.nextStep).toBe('verified');
    expect(seen.body.application.audit.map((entry) => entry.action)).toEqual(['approve', 'email_sent']);
    expect((await call<UserResponse>(b, 'GET', '/api/user', undefined, { 'x-access-token': who.token })).body.user.nextStep).toBe('verified');
    // The same decision again, through the other instance: refused, it was made already.
    expect((await call(b, 'POST', `/api/ops/applications/${who.id}/decision`, { action: 'approve' }, ops)).status).toBe(409);
  });
});

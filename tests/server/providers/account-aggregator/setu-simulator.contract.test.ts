import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../../server/db/database';
import { migrateToLatest } from '../../../../server/db/migrate';
import type { Database } from '../../../../server/db/schema';
import type { ProviderConfig } from '../../../../server/providers/provider-config';
import { createSimulatorStore } from '../../../../server/providers/simulator-store';
import type { SimulatorDeps } from '../../../../server/providers/vendor';
import { setuAaSimulatorRoutes, simulatorCredentials } from '../../../../server/providers/account-aggregator/setu/simulator';
import { createSetuAaControls, setuAaPages } from '../../../../server/providers/account-aggregator/setu/simulator-pages';
import createConsent from '../../../../server/providers/account-aggregator/setu/fixtures/create-consent.json';
import createSession from '../../../../server/providers/account-aggregator/setu/fixtures/create-session.json';
import dataSessions from '../../../../server/providers/account-aggregator/setu/fixtures/data-sessions.json';
import getConsent from '../../../../server/providers/account-aggregator/setu/fixtures/get-consent.json';
import getConsentExpired from '../../../../server/providers/account-aggregator/setu/fixtures/get-consent-expired.json';
import getConsentNotFound from '../../../../server/providers/account-aggregator/setu/fixtures/get-consent-not-found.json';
import sessionCompleted from '../../../../server/providers/account-aggregator/setu/fixtures/get-session-completed.json';
import sessionFailed from '../../../../server/providers/account-aggregator/setu/fixtures/get-session-failed.json';
import sessionPartial from '../../../../server/providers/account-aggregator/setu/fixtures/get-session-partial.json';
import sessionPending from '../../../../server/providers/account-aggregator/setu/fixtures/get-session-pending.json';
import login from '../../../../server/providers/account-aggregator/setu/fixtures/login.json';
import loginRefused from '../../../../server/providers/account-aggregator/setu/fixtures/login-refused.json';
import notifications from '../../../../server/providers/account-aggregator/setu/fixtures/notifications.json';
import redirect from '../../../../server/providers/account-aggregator/setu/fixtures/redirect.json';
import wrongProduct from '../../../../server/providers/account-aggregator/setu/fixtures/wrong-product-instance.json';
import { type CapturedRequest, json, startHttpPeer } from '../../http-peer';
import { createTestDatabase, type TestDatabase } from '../../test-database';

/**
 * The Setu simulator answers the documented requests (./fixtures) as Setu documents: the same status, no field the
 * documentation lacks, the schema's required fields, the documented values. Mounted alone in a bare Fastify, its state
 * in a real database (sim_records).
 */

let db: Kysely<Database>;
let database: TestDatabase;
let sim: FastifyInstance;
let app: FastifyInstance;
let webhook: { base: string; requests: CapturedRequest[] };
const dir = mkdtempSync(join(tmpdir(), 'onboard-setu-sim-'));
let now = Date.UTC(2026, 0, 15, 10, 0, 0);

let deps: SimulatorDeps;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDatabase({ dataDir: dir, databaseUrl: database.url });
  await migrateToLatest(db);
  deps = {
    db,
    store: createSimulatorStore(db, 'setu', () => now),
    clock: () => now,
    delayMs: 0,
    slowDelayMs: 0,
    // The app's address: where the simulator sends its notifications (a listening peer per test, below).
    publicUrl: 'http://127.0.0.1:9',
    config: {} as ProviderConfig,
  };
  sim = Fastify();
  await sim.register(setuAaSimulatorRoutes(deps, { pagesUrl: 'https://onboard.example/sim/setu' }));
  app = Fastify();
  await app.register(setuAaPages(deps, createSetuAaControls(deps)), { prefix: '/sim/setu' });
});
afterAll(async () => {
  await Promise.all([sim?.close(), app?.close()]);
  await db?.destroy();
  await database?.drop();
  rmSync(dir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;
const jsonType = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);
const isObject = (value: unknown): value is Json => jsonType(value) === 'object';

/**
 * `actual` has no field that `documented` (a documented example) lacks, the same JSON types where both have a value
 * (a documented null is nullable), and the fields the schema requires (`required`, by path: '$', '$.fips[].accounts[]').
 */
function expectDocumented(actual: unknown, documented: unknown, required: Record<string, readonly string[]> = {}, path = '$'): void {
  if (documented === null || actual === null) return;
  expect(jsonType(actual), path).toBe(jsonType(documented));
  if (Array.isArray(actual) && Array.isArray(documented) && documented.length > 0) {
    for (const item of actual) expectDocumented(item, documented[0], required, `${path}[]`);
  }
  if (!isObject(actual) || !isObject(documented)) return;
  for (const key of Object.keys(actual)) {
    expect(Object.keys(documented), `${path}.${key} is not in the documented example`).toContain(key);
    expectDocumented(actual[key], documented[key], required, `${path}.${key}`);
  }
  for (const key of required[path] ?? []) expect(actual, `${path}.${key} is required`).toHaveProperty(key);
}

/** Required fields of the v2 OpenAPI (api-references/data/account-aggregator.json). */
const consentRequired = { $: ['accountsLinked', 'id', 'status', 'url'], '$.detail': ['consentExpiry', 'consentStart'] };
const sessionRequired = { $: ['consentId', 'dataRange', 'fips', 'format', 'id', 'status'], '$.fips[]': ['accounts', 'fipID'], '$.fips[].accounts[]': ['FIstatus', 'data', 'linkRefNumber', 'maskedAccNumber'] };
const errorRequired = { $: ['errorCode', 'errorMsg'] };

let token = '';
async function call(method: 'GET' | 'POST', url: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await sim.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}`, 'x-product-instance-id': simulatorCredentials.productInstanceId, ...headers },
    ...(body === undefined ? {} : { payload: body as Json }),
  });
  return { status: response.statusCode, body: response.json<Json>() };
}

async function logIn(): Promise<void> {
  const body = { ...login.request.body, clientID: simulatorCredentials.clientId, secret: simulatorCredentials.clientSecret };
  const response = await sim.inject({ method: 'POST', url: '/v1/users/login', headers: { client: 'bridge' }, payload: body });
  expect(response.statusCode).toBe(login.response.status);
  expectDocumented(response.json(), { ...login.response.body, refresh_token: 'documented in TokenAPIResponse' }, { $: ['access_token'] });
  token = response.json<{ access_token: string }>().access_token;
}

async function newConsent(vua = '9876543210'): Promise<string> {
  const { status, body } = await call('POST', '/v2/consents', { ...createConsent.request.body, vua });
  expect(status).toBe(createConsent.response.status);
  return String(body.id);
}

describe('Setu simulator: login', () => {
  it('the documented login answers an access token; the documented refusal for a wrong secret', async () => {
    await logIn();
    const refused = await sim.inject({ method: 'POST', url: '/v1/users/login', headers: { client: 'bridge' }, payload: { ...loginRefused.request.body, clientID: simulatorCredentials.clientId } });
    expect(refused.statusCode).toBe(loginRefused.response.status);
    expectDocumented(refused.json(), loginRefused.response.body, errorRequired);
  });

  it('without `client: bridge` the login is refused', async () => {
    const body = { ...login.request.body, clientID: simulatorCredentials.clientId, secret: simulatorCredentials.clientSecret };
    expect((await sim.inject({ method: 'POST', url: '/v1/users/login', payload: body })).statusCode).toBe(400);
  });

  it('every FIU call needs a live token: none, a forged one or one past 300 s get 401', async () => {
    await logIn();
    expect((await call('GET', getConsent.request.path, undefined, { authorization: '' })).status).toBe(401);
    expect((await call('GET', getConsent.request.path, undefined, { authorization: `Bearer ${token.slice(0, -2)}xx` })).status).toBe(401);
    now += 300_000;
    expect((await call('GET', getConsent.request.path)).status).toBe(401);
    await logIn();
    expect((await call('GET', getConsent.request.path)).status).toBe(404);
  });
});

describe('Setu simulator: consents', () => {
  beforeAll(logIn);

  it('the documented create request: 201 with the documented answer, status PENDING, the consent page’s url', async () => {
    const { status, body } = await call('POST', createConsent.request.path, createConsent.request.body);
    expect(status).toBe(createConsent.response.status);
    expectDocumented(body, { ...createConsent.response.body, accountsLinked: [] }, consentRequired);
    expect(body).toMatchObject({ status: 'PENDING', url: `https://onboard.example/sim/setu/v2/consents/webview/${String(body.id)}`, redirectUrl: createConsent.request.body.redirectUrl });
    expect(body.detail).toMatchObject({ fiTypes: ['DEPOSIT'], dataRange: createConsent.request.body.dataRange, vua: '9999999999@onemoney' });
  });

  it('GET answers as the documented read (and, with expanded=true, as the expanded one)', async () => {
    const id = await newConsent();
    const read = await call('GET', `/v2/consents/${id}`);
    expect(read.status).toBe(getConsent.response.status);
    expectDocumented(read.body, getConsent.response.body, consentRequired);
    expect(read.body.status).toBe('PENDING');
    const expanded = await call('GET', `/v2/consents/${id}?expanded=true`);
    expectDocumented(expanded.body, { ...createConsent.response.body, redirectUrl: undefined, accountsLinked: [] }, consentRequired);
    expect(expanded.body).not.toHaveProperty('redirectUrl');
  });

  it('approved on the page: ACTIVE with the linked account as documented', async () => {
    const id = await newConsent();
    await createSetuAaControls(deps).decide(id, 'approve');
    const { body } = await call('GET', `/v2/consents/${id}`);
    expect(body.status).toBe('ACTIVE');
    expectDocumented(body, { ...getConsent.response.body, accountsLinked: getConsent.activeAccountsLinked }, consentRequired);
    expect(body.accountsLinked).toHaveLength(1);
  });

  it.each([
    ['4444', 'INITIATED'],
    ['3333', 'FAILED'],
  ])('a mobile ending %s: %s', async (ending, status) => {
    const id = await newConsent(`98765${'0'}${ending}`);
    expect((await call('GET', `/v2/consents/${id}`)).body.status).toBe(status);
  });

  it.each(['revoke', 'pause'] as const)('%s after approval: REVOKED / PAUSED', async (how) => {
    const id = await newConsent();
    const controls = createSetuAaControls(deps);
    await controls.decide(id, 'approve');
    expect(await controls.withdraw(id, how)).toBe(true);
    expect((await call('GET', `/v2/consents/${id}`)).body.status).toBe(how === 'revoke' ? 'REVOKED' : 'PAUSED');
  });

  it('rejected: REJECTED; the first decision stands', async () => {
    const id = await newConsent();
    const controls = createSetuAaControls(deps);
    await controls.decide(id, 'reject');
    await controls.decide(id, 'approve');
    expect((await call('GET', `/v2/consents/${id}`)).body.status).toBe('REJECTED');
  });

  it('past its expiry: the documented 400 "Consent has expired"', async () => {
    const id = await newConsent();
    now += 32 * 86_400_000;
    await logIn();
    const { status, body } = await call('GET', `/v2/consents/${id}`);
    expect(status).toBe(getConsentExpired.response.status);
    expectDocumented(body, getConsentExpired.response.body, errorRequired);
    expect(body.errorMsg).toBe('Consent has expired');
  });

  it('an unknown consent and a wrong product instance: the documented 404s', async () => {
    const missing = await call('GET', getConsentNotFound.request.path);
    expect([missing.status, missing.body.errorCode, missing.body.errorMsg]).toEqual([404, 'NotFound', 'Consent not found']);
    expectDocumented(missing.body, getConsentNotFound.response.body, errorRequired);
    const wrong = await call('GET', wrongProduct.request.path, undefined, { 'x-product-instance-id': wrongProduct.request.headers['x-product-instance-id'] });
    expect(wrong).toEqual({ status: 404, body: { ...wrongProduct.response.body, traceId: wrong.body.traceId } });
  });

  it('a create request without vua or dataRange: 400 InvalidRequest', async () => {
    const { vua: _vua, ...noVua } = createConsent.request.body;
    const { status, body } = await call('POST', '/v2/consents', noVua);
    expect(status).toBe(400);
    expectDocumented(body, loginRefused.response.body, errorRequired);
  });
});

describe('Setu simulator: data sessions', () => {
  beforeAll(logIn);

  async function approvedConsent(bankAnswer?: 'salary' | 'low_income' | 'no_data' | 'delayed'): Promise<string> {
    const id = await newConsent();
    await createSetuAaControls(deps).decide(id, 'approve', bankAnswer);
    return id;
  }
  const sessionRequest = (consentId: string) => ({ ...createSession.request.body, consentId, dataRange: createConsent.request.body.dataRange });

  it('the documented create request: 201, PENDING, fips null', async () => {
    const consentId = await approvedConsent();
    const { status, body } = await call('POST', createSession.request.path, sessionRequest(consentId));
    expect(status).toBe(createSession.response.status);
    expectDocumented(body, createSession.response.body, { $: sessionRequired.$ });
    expect(body).toMatchObject({ status: 'PENDING', fips: null, consentId, format: 'json' });
  });

  it('COMPLETED: the deposit account with transactions, as the documented session and deposit data', async () => {
    const consentId = await approvedConsent();
    const sessionId = String((await call('POST', '/v2/sessions', sessionRequest(consentId))).body.id);
    const { status, body } = await call('GET', `/v2/sessions/${sessionId}`);
    expect(status).toBe(sessionCompleted.response.status);
    // The documented account, with the summary of the page's other sample (the schema's DepositJSONAccount has both).
    const documented = structuredClone(sessionCompleted.response.body) as Json;
    const account = (((documented.fips as Json[])[0]?.accounts as Json[])[0]?.data as Json).account as Json;
    account.summary = (((sessionPartial.response.body.fips[0]?.accounts[0] as Json).data as Json).account as Json).summary;
    expectDocumented(body, documented, sessionRequired);
    const fips = body.fips as { fipID: string; accounts: { FIstatus: string; data: { account: { type: string; transactions: { transaction: { type: string; mode: string }[] } } } }[] }[];
    expect(body.status).toBe('COMPLETED');
    expect(fips[0]?.accounts[0]?.FIstatus).toBe('READY');
    const transactions = fips[0]?.accounts[0]?.data.account.transactions.transaction ?? [];
    expect(fips[0]?.accounts[0]?.data.account.type).toBe('deposit');
    expect(transactions.length).toBeGreaterThan(50);
    expect(new Set(transactions.map((item) => item.type))).toEqual(new Set(['CREDIT', 'DEBIT']));
    for (const item of transactions) expect(['UPI', 'FT', 'OTHERS', 'ATM', 'CARD', 'CASH']).toContain(item.mode);
    // The same every time.
    expect((await call('GET', `/v2/sessions/${sessionId}`)).body).toEqual(body);
  });

  it('the bank shares nothing: FAILED with the account DENIED and data null', async () => {
    const consentId = await approvedConsent('no_data');
    const sessionId = String((await call('POST', '/v2/sessions', sessionRequest(consentId))).body.id);
    const { body } = await call('GET', `/v2/sessions/${sessionId}`);
    expectDocumented(body, sessionFailed.response.body, sessionRequired);
    expect(body).toMatchObject({ status: 'FAILED', fips: [{ accounts: [{ FIstatus: 'DENIED', data: null }] }] });
  });

  it('data delayed: PENDING (fips null) for ten seconds, then COMPLETED', async () => {
    const consentId = await approvedConsent('delayed');
    const sessionId = String((await call('POST', '/v2/sessions', sessionRequest(consentId))).body.id);
    const pending = await call('GET', `/v2/sessions/${sessionId}`);
    expectDocumented(pending.body, sessionPending.response.body, sessionRequired);
    expect(pending.body).toMatchObject({ status: 'PENDING', fips: null });
    now += 10_000;
    expect((await call('GET', `/v2/sessions/${sessionId}`)).body.status).toBe('COMPLETED');
  });

  it('the documented list of a consent’s data sessions, newest first', async () => {
    const consentId = await approvedConsent();
    const first = String((await call('POST', '/v2/sessions', sessionRequest(consentId))).body.id);
    now += 1_000;
    const second = String((await call('POST', '/v2/sessions', sessionRequest(consentId))).body.id);
    const { body } = await call('GET', `/v2/consents/${consentId}/data-sessions`);
    expectDocumented(body, dataSessions.response.body);
    expect((body.dataSessions as { sessionId: string }[]).map((session) => session.sessionId)).toEqual([second, first]);
  });

  it.each([
    ['a consent not approved', 'pending', 400],
    ['a range beyond the consent’s', 'wide', 400],
    ['an unknown consent', 'unknown', 404],
  ])('%s: refused', async (_label, kind, status) => {
    const consentId = kind === 'pending' ? await newConsent() : kind === 'unknown' ? '00000000-0000-0000-0000-000000000000' : await approvedConsent();
    const body = kind === 'wide' ? { ...sessionRequest(consentId), dataRange: { from: '2000-01-01T00:00:00.000Z', to: createConsent.request.body.dataRange.to } } : sessionRequest(consentId);
    expect((await call('POST', '/v2/sessions', body)).status).toBe(status);
  });
});

describe('Setu simulator: the consent page, its redirect and its notifications', () => {
  beforeAll(logIn);
  beforeEach(async () => {
    webhook = await startHttpPeer(json(200, { received: true }));
    deps.publicUrl = webhook.base;
  });
  const page = (id: string) => `/sim/setu/v2/consents/webview/${id}`;
  const submit = (url: string, body = '') => app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const lastNotification = () => webhook.requests[webhook.requests.length - 1];
  const waitForNotification = async (count: number) => {
    for (let i = 0; i < 100 && webhook.requests.length < count; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(webhook.requests).toHaveLength(count);
  };

  it.each([
    ['approve', 'approved', 'consentActive', 'ACTIVE'],
    ['reject', 'rejected', 'consentRejected', 'REJECTED'],
    ['cancel', 'cancelled', 'consentCancelled', 'PENDING'],
  ] as const)('%s: redirected with the documented parameters, notified as documented, the consent %s', async (action, redirectKind, notificationKind, status) => {
    const id = await newConsent();
    expect((await app.inject({ method: 'GET', url: page(id) })).statusCode).toBe(200);
    const before = webhook.requests.length;
    const response = await submit(`${page(id)}/${action}`, 'bankAnswer=salary');
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(createConsent.request.body.redirectUrl);
    expect(Object.fromEntries(location.searchParams)).toEqual({ ...redirect.redirects[redirectKind], id });
    expect((await call('GET', `/v2/consents/${id}`)).body.status).toBe(status);

    await waitForNotification(before + 1);
    const sent = lastNotification();
    expect(sent?.url).toBe(notifications.path);
    const documented = { ...notifications.notifications[notificationKind], notificationId: 'documented on the other consent samples' };
    expectDocumented(sent?.body, documented, { $: ['type', 'consentId', 'success', 'timestamp'] });
    expect(sent?.body).toMatchObject({ type: 'CONSENT_STATUS_UPDATE', consentId: id, success: action === 'approve' });
    if (action !== 'approve') {
      const error = (sent?.body as { error: { code: string; message: string } }).error;
      expect(redirect.errorMessages[error.code as keyof typeof redirect.errorMessages]).toContain(error.message);
    }
  });

  it('an unknown consent: 404 page', async () => {
    expect((await app.inject({ method: 'GET', url: page('00000000-0000-0000-0000-000000000000') })).statusCode).toBe(404);
    expect((await submit(`${page('00000000-0000-0000-0000-000000000000')}/approve`)).statusCode).toBe(404);
  });
});

import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { noDeadline } from '../../../../server/providers/call-budget';
import { createHttp } from '../../../../server/providers/http';
import { ProviderError } from '../../../../server/providers/provider-error';
import type { ConsentState } from '../../../../server/providers/account-aggregator/account-aggregator';
import { createSetuAggregator, tokenReuseMs } from '../../../../server/providers/account-aggregator/setu/client';
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
import wrongProduct from '../../../../server/providers/account-aggregator/setu/fixtures/wrong-product-instance.json';
import { type CapturedRequest, startHttpPeer } from '../../http-peer';
import type { Fixture } from './setu-fixture';

/**
 * The Setu client against Setu's documented examples (./fixtures): the request it sends must be the documented one,
 * and each documented answer must mean what Setu says it means. The simulator answers the same fixtures in
 * setu-simulator.contract.test.ts.
 */

const now = Date.UTC(2026, 0, 15, 10, 0, 0);
const productInstanceId = 'product-instance-1';

interface Peer {
  base: string;
  requests: CapturedRequest[];
}

/** Setu on 127.0.0.1: the login fixture for the login, else the first of `answers` whose request matches. */
async function setu(answers: Fixture[], options: { loginWith?: Fixture; delayMs?: number; unauthorizedOnce?: boolean } = {}): Promise<Peer> {
  let refused = false;
  const peer = await startHttpPeer((res) => {
    const request = peer.requests[peer.requests.length - 1];
    const isLogin = request?.url === '/v1/users/login';
    let fixture = isLogin ? (options.loginWith ?? (login as Fixture)) : answers.find((one) => one.request.method === request?.method && one.request.path === request?.url);
    if (!isLogin && options.unauthorizedOnce && !refused) {
      refused = true;
      fixture = { request: fixture?.request ?? login.request, response: { status: 401, body: { errorCode: 'Unauthorized', errorMsg: 'expired' } } } as Fixture;
    }
    const reply = () => {
      if (!fixture) return void res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
      res.writeHead(fixture.response.status, { 'content-type': 'application/json' }).end(JSON.stringify(fixture.response.body));
    };
    if (options.delayMs) setTimeout(reply, options.delayMs);
    else reply();
  });
  return peer;
}

function client(peer: Peer, clock = () => now) {
  return createSetuAggregator(
    { baseUrl: peer.base, authUrl: peer.base, clientId: login.request.body.clientID, clientSecret: login.request.body.secret, productInstanceId },
    { clock, http: createHttp('setu'), publicUrl: 'https://onboard.example' },
  );
}

const fiuRequests = (peer: Peer) => peer.requests.filter((request) => request.url !== '/v1/users/login');
const logins = (peer: Peer) => peer.requests.filter((request) => request.url === '/v1/users/login');

/** The headers every documented FIU call carries. */
function expectFiuHeaders(request: CapturedRequest | undefined) {
  expect(request?.headers.authorization).toBe(`Bearer ${login.response.body.access_token}`);
  expect(request?.headers['x-product-instance-id']).toBe(productInstanceId);
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Setu AA client: login', () => {
  it('logs in as documented (client: bridge, clientID, secret, grant_type) and uses the token as Bearer with x-product-instance-id', async () => {
    const peer = await setu([getConsent as Fixture]);
    expect(await client(peer).consentState('e082b325-2692-47cd-88cf-875068df9051', noDeadline)).toBe('pending');
    const [first] = logins(peer);
    expect(first).toMatchObject({ method: 'POST', body: login.request.body });
    expect(first?.headers.client).toBe('bridge');
    expect(first?.headers['content-type']).toBe('application/json');
    expectFiuHeaders(fiuRequests(peer)[0]);
  });

  it('reuses the token for 4 minutes, then logs in again (it lasts 300 s)', async () => {
    const peer = await setu([getConsent as Fixture]);
    let time = now;
    const aggregator = client(peer, () => time);
    await aggregator.consentState('e082b325-2692-47cd-88cf-875068df9051', noDeadline);
    time += tokenReuseMs - 1;
    await aggregator.consentState('e082b325-2692-47cd-88cf-875068df9051', noDeadline);
    expect(logins(peer)).toHaveLength(1);
    time += 1;
    await aggregator.consentState('e082b325-2692-47cd-88cf-875068df9051', noDeadline);
    expect(logins(peer)).toHaveLength(2);
  });

  it('a 401 (the token expired early) logs in again once and retries the call', async () => {
    const peer = await setu([getConsent as Fixture], { unauthorizedOnce: true });
    expect(await client(peer).consentState('e082b325-2692-47cd-88cf-875068df9051', noDeadline)).toBe('pending');
    expect(logins(peer)).toHaveLength(2);
    expect(fiuRequests(peer)).toHaveLength(2);
  });

  it('simultaneous calls wait for one login', async () => {
    const peer = await setu([getConsent as Fixture]);
    const aggregator = client(peer);
    await Promise.all([1, 2, 3].map(() => aggregator.consentState('e082b325-2692-47cd-88cf-875068df9051', noDeadline)));
    expect(logins(peer)).toHaveLength(1);
  });

  it('refused credentials: a ProviderError with the status, no secret in it', async () => {
    const peer = await setu([getConsent as Fixture], { loginWith: loginRefused as Fixture });
    const error = await failure(client(peer).consentState('e082b325-2692-47cd-88cf-875068df9051', noDeadline));
    expect(error.status).toBe(400);
    expect(error.retryable).toBe(false);
    expect(error.message).not.toContain(login.request.body.secret);
  });
});

describe('Setu AA client: consents', () => {
  it('creates a consent with exactly the documented request Onboard sends, and reads {id, url}', async () => {
    const peer = await setu([createConsent as Fixture]);
    const consent = await client(peer).createConsent({ mobile: '9999999999', returnPath: '/income-proof/callback', dataRange: createConsent.request.body.dataRange }, noDeadline);
    expect(consent).toEqual({ id: createConsent.response.body.id, url: createConsent.response.body.url });
    const [request] = fiuRequests(peer);
    expect(request).toMatchObject({ method: 'POST', url: '/v2/consents' });
    expect(request?.body).toEqual(createConsent.request.body);
    expectFiuHeaders(request);
  });

  const meaning: Record<string, ConsentState> = {
    PENDING: 'pending',
    INITIATED: 'pending',
    FAILED: 'failed',
    ACTIVE: 'approved',
    PAUSED: 'rejected',
    REVOKED: 'rejected',
    EXPIRED: 'expired',
    REJECTED: 'rejected',
  };

  it.each(getConsent.statuses)('status %s', async (status) => {
    const accountsLinked = status === 'ACTIVE' ? getConsent.activeAccountsLinked : [];
    const answer = { ...getConsent, response: { ...getConsent.response, body: { ...getConsent.response.body, status, accountsLinked } } } as Fixture;
    const peer = await setu([answer]);
    expect(await client(peer).consentState('e082b325-2692-47cd-88cf-875068df9051', noDeadline)).toBe(meaning[status]);
    expect(fiuRequests(peer)[0]).toMatchObject({ method: 'GET', url: getConsent.request.path });
  });

  it('an expired consent answers 400 "Consent has expired": expired', async () => {
    const peer = await setu([getConsentExpired as Fixture]);
    expect(await client(peer).consentState('e082b325-2692-47cd-88cf-875068df9051', noDeadline)).toBe('expired');
  });

  it.each<[string, Fixture, string]>([
    ['no such consent (404 NotFound)', getConsentNotFound as Fixture, '00000000-0000-0000-0000-000000000000'],
    ['a wrong product instance id (404 NotFound)', wrongProduct as Fixture, 'e082b325-2692-47cd-88cf-875068df9051'],
  ])('%s: a ProviderError naming the code, not the consent id', async (_label, fixture, consentId) => {
    const error = await failure(client(await setu([fixture])).consentState(consentId, noDeadline));
    expect(error.status).toBe(404);
    expect(error.message).toContain('NotFound');
    expect(error.message).not.toContain(consentId);
  });
});

describe('Setu AA client: data sessions', () => {
  it('opens a session with the documented request: consentId, dataRange, format json', async () => {
    const peer = await setu([createSession as Fixture]);
    const session = await client(peer).startDataSession(createSession.request.body.consentId, createSession.request.body.dataRange, noDeadline);
    expect(session).toEqual({ id: createSession.response.body.id, state: 'pending' });
    const [request] = fiuRequests(peer);
    expect(request).toMatchObject({ method: 'POST', url: '/v2/sessions', body: createSession.request.body });
    expectFiuHeaders(request);
  });

  it('COMPLETED: the deposit account and its transactions, amounts in paise', async () => {
    const peer = await setu([sessionCompleted as Fixture]);
    const session = await client(peer).dataSession(sessionCompleted.response.body.id, noDeadline);
    expect(session).toEqual({
      id: sessionCompleted.response.body.id,
      state: 'ready',
      statements: [
        {
          bank: 'setu-fip',
          maskedAccountNumber: 'XXXXXXXX7561',
          accountType: '',
          branch: '',
          ifsc: '',
          transactions: [
            { type: 'credit', amountPaise: 3_383_465, at: '2020-05-08T11:05:29+00:00', narration: 'UPI/CR/457233689286/Gatik Yohannan/CZBR/64321752', mode: 'UPI' },
            { type: 'credit', amountPaise: 1_648_004, at: '2020-12-16T21:49:14+00:00', narration: 'UPI/CR/988357930370/Dhruv Desai/RZJF/85716960', mode: 'UPI' },
          ],
        },
      ],
    });
    expect(fiuRequests(peer)[0]).toMatchObject({ method: 'GET', url: sessionCompleted.request.path });
  });

  it('PARTIAL (the page’s own sample): only the account with data, read as documented (holder object, status key)', async () => {
    const session = await client(await setu([sessionPartial as Fixture])).dataSession(sessionPartial.response.body.id, noDeadline);
    expect(session.state).toBe('partial');
    expect(session.statements).toEqual([{ bank: 'Setu-FIP', maskedAccountNumber: 'XXXXXX4373', accountType: 'SAVINGS', branch: 'Jayanagar 4th Block', ifsc: 'ICIC0001124', transactions: [] }]);
  });

  it.each<[string, Fixture, string]>([
    ['PENDING', sessionPending as Fixture, 'pending'],
    ['FAILED (the bank denied)', sessionFailed as Fixture, 'failed'],
  ])('%s: no statements', async (_label, fixture, state) => {
    const session = await client(await setu([fixture])).dataSession(fixture.response.body.id as string, noDeadline);
    expect(session).toMatchObject({ state, statements: [] });
  });

  it('the newest data session of a consent (auto-fetch)', async () => {
    const peer = await setu([dataSessions as Fixture]);
    expect(await client(peer).latestDataSession(dataSessions.response.body.consentId, noDeadline)).toBe('39faa19a-1f6a-4e10-85ad-2d5c6aa69257');
  });

  it('a timeout inside the request’s budget: the call is cut at the deadline, not at Setu’s answer', async () => {
    const peer = await setu([sessionCompleted as Fixture], { delayMs: 5_000 });
    const aggregator = client(peer);
    const started = performance.now();
    const error = await failure(aggregator.dataSession(sessionCompleted.response.body.id, performance.now() + 300));
    expect(error.message).toMatch(/timed out after \d+ ms/);
    expect(error.retryable).toBe(true);
    expect(performance.now() - started).toBeLessThan(4_000);
  });
});

describe('Setu AA client: notifications', () => {
  it.each([
    ['consentActive', 'consent'],
    ['consentCancelled', 'consent'],
    ['consentRejected', 'consent'],
    ['consentCreationFailed', 'consent'],
    ['sessionCompleted', 'data'],
    ['fiDataReady', 'data'],
    ['fiDataFailed', 'data'],
  ] as const)('%s names its consent, nothing more', async (kind, about) => {
    const aggregator = client(await setu([]));
    const body = notifications.notifications[kind];
    expect(aggregator.readNotification(body)).toEqual({ consentId: body.consentId, about });
  });

  it.each([undefined, 'text', [], { type: 'CONSENT_STATUS_UPDATE' }, { type: 'OTHER', consentId: 'c16cc10e' }, { type: 'CONSENT_STATUS_UPDATE', consentId: 'a/../b' }])(
    'not a notification of ours: %j',
    async (body) => {
      expect(client(await setu([])).readNotification(body)).toBeUndefined();
    },
  );
});

import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createDatabase } from '../../server/db/database';
import { consentCallbackUrl } from '../../server/providers/account-aggregator/account-aggregator';
import { createAccountAggregator } from '../../server/providers/account-aggregator/create-account-aggregator';
import { createSetuAggregator, type SetuAggregatorOptions } from '../../server/providers/account-aggregator/http-setu-aggregator';
import { ProviderError } from '../../server/providers/provider-error';
import { type TestApp, auth, get, startHttpPeerFor, startTestApp } from './aa-fake';
import { json } from './http-peer';
import { submitIncomeProof } from './identity-fixtures';
import { applicantAt } from './step-fixtures';

const now = Date.UTC(2026, 0, 15, 10, 0, 0);
const options = (base: string): SetuAggregatorOptions => ({
  baseUrl: base,
  clientId: 'fiu-client',
  clientSecret: 'fiu-secret',
  productInstanceId: 'product-1',
  redirectUrl: 'https://onboard.example/income-proof/callback',
  clock: () => now,
  timeoutMs: 2_000,
});

describe('Setu-style account aggregator against a local FIU API', () => {
  it('creates a consent (vua, 12 months of data, redirect URL) with the client headers and answers {id, url}', async () => {
    const fake = await startHttpPeerFor();
    const consent = await createSetuAggregator(options(fake.base)).createConsent({ mobile: '9876543210', reference: 'user-1' });
    expect(consent).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), url: `https://anumati.setu.example/consent/${consent.id}` });
    expect(fake.requests[0]).toMatchObject({
      method: 'POST',
      url: '/consents',
      body: {
        consentDuration: { unit: 'MONTH', value: '12' },
        vua: '9876543210',
        dataRange: { from: '2025-01-15T10:00:00.000Z', to: '2026-01-15T10:00:00.000Z' },
        context: [{ key: 'reference', value: 'user-1' }],
        redirectUrl: 'https://onboard.example/income-proof/callback',
      },
    });
    expect(fake.requests[0]?.headers).toMatchObject({ 'x-client-id': 'fiu-client', 'x-client-secret': 'fiu-secret', 'x-product-instance-id': 'product-1' });
  });

  it.each([
    ['PENDING', 'pending'],
    ['ACTIVE', 'approved'],
    ['REJECTED', 'rejected'],
    ['REVOKED', 'rejected'],
    ['EXPIRED', 'expired'],
    ['PAUSED', 'expired'],
  ])('consent status %s → %s', async (status, state) => {
    const fake = await startHttpPeerFor(status);
    const aggregator = createSetuAggregator(options(fake.base));
    const { id } = await aggregator.createConsent({ mobile: '9876543210', reference: 'user-1' });
    expect(await aggregator.consentStatus(id)).toBe(state);
    expect(fake.requests[1]).toMatchObject({ method: 'GET', url: `/consents/${id}` });
  });

  it.each<[string, 'create' | 'status', ReturnType<typeof json>, RegExp]>([
    ['a 500', 'create', json(500, { errorMsg: 'down' }), /consent request failed: answered 500/],
    ['no url', 'create', json(200, { id: 'abc', status: 'PENDING' }), /without an id or url/],
    ['a 404 status', 'status', json(404, { errorMsg: 'no such consent' }), /answered 404/],
    ['an unknown status', 'status', json(200, { id: 'abc', status: 'MAYBE' }), /unexpected status/],
  ])('%s is a ProviderError', async (_label, call, reply, message) => {
    const fake = await startHttpPeerFor('PENDING', reply);
    const aggregator = createSetuAggregator(options(fake.base));
    const attempt = call === 'create' ? aggregator.createConsent({ mobile: '9876543210', reference: 'user-1' }) : aggregator.consentStatus('0f0e0d0c-aaaa-bbbb-cccc-123456789abc');
    const error = await attempt.then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toMatch(/9876543210|123456789abc/);
  });
});

describe('choosing the account aggregator', () => {
  // Never connected: the sandbox touches the database on requests only.
  const db = createDatabase({ dataDir: '/tmp/onboard-unused', databaseUrl: 'postgres://unused/none' });
  afterAll(() => db.destroy());

  it('is the sandbox without AA_BASE_URL, Setu with it (credentials and redirect URL required)', () => {
    const sandbox = { db, clock: Date.now };
    expect(createAccountAggregator({}, sandbox).name).toBe('sandbox-aa');
    const env = { AA_BASE_URL: 'https://fiu.example/v2', AA_CLIENT_ID: 'c', AA_CLIENT_SECRET: 's', AA_PRODUCT_INSTANCE_ID: 'p', AA_REDIRECT_URL: 'https://onboard.example/income-proof/callback' };
    expect(createAccountAggregator(env, sandbox).name).toBe('setu-aa');
    expect(() => createAccountAggregator({ ...env, AA_REDIRECT_URL: undefined }, sandbox)).toThrow(/AA_REDIRECT_URL is required/);
  });

  it.each([
    ['/income-proof/callback', 'abc', '/income-proof/callback?id=abc'],
    ['https://onboard.example/income-proof/callback', 'abc', 'https://onboard.example/income-proof/callback?id=abc'],
    ['/income-proof/callback?from=aa', 'a b', '/income-proof/callback?from=aa&id=a+b'],
  ])('callback URL of %s for %s', (redirect, id, expected) => {
    expect(consentCallbackUrl(redirect, id)).toBe(expected);
  });
});

describe('the app with a real (local) aggregator', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('the aggregator flow hands out Setu’s consent URL; the status follows Setu’s answer', async () => {
    const fake = await startHttpPeerFor('PENDING');
    // AA_BASE_URL is retired (the Setu AA v2 vendor folder replaces this client): the old client is given outright.
    const setu = createSetuAggregator({ baseUrl: fake.base, clientId: 'c', clientSecret: 's', productInstanceId: 'p', redirectUrl: 'https://onboard.example/income-proof/callback' });
    t = await startTestApp({ providers: { 'account-aggregator': setu } });
    const who = await applicantAt(t, 'income_proof');
    const started = (await submitIncomeProof(t, who, { account_aggregator_flow: 'true' })).json<{ redirectionUrl: string; consentId: string }>();
    expect(started.redirectionUrl).toBe(`https://anumati.setu.example/consent/${started.consentId}`);
    const status = await get(t.app, `/api/user/income-proof/${started.consentId}`, auth(who.token));
    expect(status.json()).toEqual({ consentStatus: 'pending', message: 'Waiting for your consent' });
    fake.setStatus('ACTIVE');
    expect((await get(t.app, `/api/user/income-proof/${started.consentId}`, auth(who.token))).json()).toEqual({ consentStatus: 'success', message: 'Income proof verified successfully' });
  });
});

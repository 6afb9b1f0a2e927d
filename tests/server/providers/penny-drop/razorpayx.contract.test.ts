import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { noDeadline } from '../../../../server/providers/call-budget';
import { createHttp } from '../../../../server/providers/http';
import type { PennyDropResult } from '../../../../server/providers/penny-drop/penny-drop';
import { createRazorpayxPennyDrop } from '../../../../server/providers/penny-drop/razorpayx/client';
import { razorpayxRoutes, razorpayxSimulatorCredentials } from '../../../../server/providers/penny-drop/razorpayx/simulator';
import { ProviderError } from '../../../../server/providers/provider-error';
import { expectRequest, expectSameShape, fixturesOf, mountSimulator, sendToSimulator, startFixtureVendor } from '../contract';

const folder = join(import.meta.dirname, '../../../../server/providers/penny-drop/razorpayx');
const fixture = fixturesOf(folder);
const settings = { keyId: 'rzp_live_key', keySecret: 'key-secret', accountNumber: '7878780080316316' };
const check = { accountNumber: '765432123456789', ifsc: 'HDFC0000053', expectedName: 'Gaurav Kumar', reference: 'PD0123456789ABCDEF' };

/** RazorpayX answering the three documented calls, then `polls` for each status fetch in turn (the last repeats). */
async function vendorAnswering(...polls: string[]) {
  let fetched = 0;
  const vendor = await startFixtureVendor((method, path) => {
    if (method === 'POST' && path === '/v1/contacts') return fixture('create-contact');
    if (method === 'POST' && path === '/v1/fund_accounts') return fixture('create-fund-account');
    if (method === 'POST' && path === '/v1/fund_accounts/validations') return fixture('create-validation');
    if (method === 'GET' && path.startsWith('/v1/fund_accounts/validations/')) return fixture(polls[Math.min(fetched++, polls.length - 1)] ?? 'create-validation');
    return undefined;
  });
  return { ...vendor, client: createRazorpayxPennyDrop({ baseUrl: vendor.base, ...settings }, createHttp('razorpayx')) };
}

describe('RazorpayX fund account validation client, against the documented examples', () => {
  it('contact, fund account, validation (created), then the status until completed: Basic auth, the documented bodies', async () => {
    const vendor = await vendorAnswering('fetch-completed');
    expect(await vendor.client.verify(check, noDeadline)).toEqual({ kind: 'verified', registeredName: 'Gaurav Kumar', providerReference: 'XXXXR7310682908954385XX' });
    const [contact, fundAccount, validation, status] = vendor.requests;
    expectRequest(contact, fixture('create-contact'));
    expectRequest(fundAccount, fixture('create-fund-account'));
    expectRequest(validation, fixture('create-validation'));
    expectRequest(status, fixture('fetch-completed'));
    expect(contact?.headers.authorization).toBe(`Basic ${Buffer.from('rzp_live_key:key-secret').toString('base64')}`);
  });

  it('polls while the validation is still created', async () => {
    const vendor = await vendorAnswering('create-validation', 'create-validation', 'fetch-completed');
    expect(await vendor.client.verify(check, noDeadline)).toMatchObject({ kind: 'verified' });
    expect(vendor.requests.filter((request) => request.method === 'GET')).toHaveLength(3);
  });

  it.each<[string, PennyDropResult]>([['fetch-invalid', { kind: 'account_invalid' }]])('%s', async (name, result) => {
    const vendor = await vendorAnswering(name);
    expect(await vendor.client.verify(check, noDeadline)).toEqual(result);
  });

  it('a failed validation is a retryable ProviderError with its reason; a wrong key is not retryable', async () => {
    const failed = await vendorAnswering('fetch-failed');
    const error = await failed.client.verify(check, noDeadline).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toMatch(/validation failed \(gateway_technical_error\)/);
    expect((error as ProviderError).message).not.toContain(check.accountNumber);
    expect((error as ProviderError).retryable).toBe(true);

    const wrongKey = await startFixtureVendor(() => fixture('invalid-key'));
    const refused = await createRazorpayxPennyDrop({ baseUrl: wrongKey.base, ...settings }, createHttp('razorpayx'))
      .verify(check, noDeadline)
      .then(() => undefined, (e: unknown) => e);
    expect((refused as ProviderError).message).toMatch(/answered 401/);
    expect((refused as ProviderError).retryable).toBe(false);
  });

  it('a validation still created when the budget runs low fails in time, retryable', async () => {
    const vendor = await vendorAnswering('create-validation');
    const started = performance.now();
    const error = await vendor.client.verify(check, performance.now() + 1500).then(() => undefined, (e: unknown) => e);
    expect((error as ProviderError).message).toMatch(/validation still pending/);
    expect((error as ProviderError).retryable).toBe(true);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});

describe('RazorpayX simulator, sent the documented requests', () => {
  const clock = () => Date.UTC(2026, 0, 15, 10, 0, 0);
  const authorization = `Basic ${Buffer.from(`${razorpayxSimulatorCredentials.keyId}:${razorpayxSimulatorCredentials.keySecret}`).toString('base64')}`;
  const headers = { authorization };

  it('contact, fund account, validation and its status in the documented shapes; contacts are de-duplicated', async () => {
    const sim = await mountSimulator('/razorpayx', (store) => razorpayxRoutes({ store, clock, delayMs: 0 }), 'razorpayx', clock);
    const contact = await sendToSimulator(sim, '/razorpayx', fixture('create-contact'), headers);
    expect(contact.status).toBe(200);
    expectSameShape(contact.body, fixture('create-contact').response.body, { values: ['entity', 'name', 'type', 'reference_id', 'active'] });
    const again = await sendToSimulator(sim, '/razorpayx', fixture('create-contact'), headers);
    const contactId = (contact.body as { id: string }).id;
    expect((again.body as { id: string }).id).toBe(contactId);

    const fundFixture = fixture('create-fund-account');
    const fundRequest = { ...fundFixture, request: { ...fundFixture.request, body: { ...(fundFixture.request.body as object), contact_id: contactId } } };
    const fundAccount = await sendToSimulator(sim, '/razorpayx', fundRequest, headers);
    expectSameShape(fundAccount.body, fundFixture.response.body, { values: ['entity', 'account_type', 'active'] });
    const fundAccountId = (fundAccount.body as { id: string }).id;

    const validationFixture = fixture('create-validation');
    const validationRequest = { ...validationFixture, request: { ...validationFixture.request, body: { ...(validationFixture.request.body as object), fund_account: { id: fundAccountId } } } };
    const created = await sendToSimulator(sim, '/razorpayx', validationRequest, headers);
    expectSameShape(created.body, validationFixture.response.body, { values: ['entity', 'status', 'results', 'amount', 'currency', 'utr'] });
    const validationId = (created.body as { id: string }).id;

    const completed = await sendToSimulator(sim, '/razorpayx', fixture('fetch-completed'), headers, `/v1/fund_accounts/validations/${validationId}`);
    expectSameShape(completed.body, fixture('fetch-completed').response.body, { values: ['status', 'results.account_status'] });
    expect(completed.body).toMatchObject({ results: { registered_name: 'GAURAV KUMAR' } });
  });

  it('refuses a wrong key with the documented error', async () => {
    const sim = await mountSimulator('/razorpayx', (store) => razorpayxRoutes({ store, clock, delayMs: 0 }), 'razorpayx', clock);
    const answer = await sendToSimulator(sim, '/razorpayx', fixture('invalid-key'), headers);
    expect(answer.status).toBe(401);
    expectSameShape(answer.body, fixture('invalid-key').response.body, { values: ['error'] });
  });

  it("holds today's special endings; a closed account reads 'invalid' (RazorpayX reports no 'closed')", async () => {
    const sim = await mountSimulator('/razorpayx', (store) => razorpayxRoutes({ store, clock, delayMs: 0 }), 'razorpayx', clock);
    const address = await sim.app.listen({ host: '127.0.0.1', port: 0 });
    const client = createRazorpayxPennyDrop({ baseUrl: `${address}/razorpayx`, ...razorpayxSimulatorCredentials }, createHttp('razorpayx'));
    const verify = (accountNumber: string) => client.verify({ accountNumber, ifsc: 'HDFC0000001', expectedName: 'Sneha Sharma', reference: 'PD1' }, noDeadline);
    expect(await verify('50100123456789')).toMatchObject({ kind: 'verified', registeredName: 'SNEHA SHARMA' });
    expect(await verify('123456781111')).toMatchObject({ kind: 'verified', registeredName: 'MOHAN LAL GUPTA' });
    expect(await verify('123456780000')).toEqual({ kind: 'account_invalid' });
    expect(await verify('123456782222')).toEqual({ kind: 'account_invalid' });
    const error = await verify('123456785000').then(() => undefined, (e: unknown) => e);
    expect((error as ProviderError).retryable).toBe(true);
  });
});

import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { noDeadline } from '../../../../server/providers/call-budget';
import { createHttp } from '../../../../server/providers/http';
import { ProviderError } from '../../../../server/providers/provider-error';
import { createSetuRpd } from '../../../../server/providers/upi-rpd/setu/client';
import { setuRpdRoutes, setuSimulatorCredentials, setuUpiApp } from '../../../../server/providers/upi-rpd/setu/simulator';
import { WebhookRefused } from '../../../../server/providers/upi-rpd/upi-rpd';
import { startHttpPeer } from '../../http-peer';
import { answerOf, expectRequest, expectSameShape, fixturesOf, mountSimulator, sendToSimulator } from '../contract';

const folder = join(import.meta.dirname, '../../../../server/providers/upi-rpd/setu');
const fixture = fixturesOf(folder);
const credentials = { clientId: 'client-1', clientSecret: 'secret-1', productInstanceId: 'instance-1' };
const reference = 'RPD0123456789ABCDEF0123';

async function clientAgainst(name: string) {
  const peer = await startHttpPeer(answerOf(fixture(name)));
  return { peer, client: createSetuRpd({ baseUrl: peer.base, ...credentials }, createHttp('setu')) };
}

async function failureOf(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Setu reverse penny drop client, against the documented examples', () => {
  it('creates a request with its headers and reads the UPI link; validUpto has no zone, so no vendor expiry', async () => {
    const { peer, client } = await clientAgainst('create');
    expect(await client.start({ reference, expectedName: 'SNEHA SHARMA' }, noDeadline)).toEqual({
      vendorRequestId: '1b740e7a-5a81-4b88-ad43-110a08935286',
      intentLink: 'upi://pay?pa=bauvatest@kaypay&pn=BauvaTest&am=1.00&tr=a6577bb0ae4d9301cf47c1&tn=Account%20Verification&cu=INR&mode=04',
    });
    expectRequest(peer.requests[0], fixture('create'));
    expect(peer.requests[0]?.headers).toMatchObject({ 'x-client-id': 'client-1', 'x-client-secret': 'secret-1', 'x-product-instance-id': 'instance-1' });
  });

  it.each([
    ['create-bad-request', 400, false, /answered 400 \(bad_request\)/],
    ['create-server-error', 500, true, /answered 500 \(internal_server_error\)/],
  ])('%s: a ProviderError with the code, retryable only for 5xx', async (name, status, retryable, message) => {
    const { client } = await clientAgainst(name);
    const error = await failureOf(client.start({ reference, expectedName: 'SNEHA SHARMA' }, noDeadline));
    expect({ status: error.status, retryable: error.retryable }).toEqual({ status, retryable });
    expect(error.message).toMatch(message);
  });

  it.each([
    ['details-created', { status: 'pending' }],
    ['details-paid', { status: 'paid', payment: { paymentId: '1b740e7a-5a81-4b88-ad43-110a08935286', payer: { accountNumber: '9009120939129', ifsc: 'SBIN0000539', name: 'Noresh' } } }],
    ['details-purged', { status: 'failed', reason: 'failed' }],
  ])('details %s', async (name, state) => {
    const { peer, client } = await clientAgainst(name);
    expect(await client.status('1b740e7a-5a81-4b88-ad43-110a08935286', noDeadline)).toEqual(state);
    expectRequest(peer.requests[0], fixture(name));
  });

  it('an unknown request is a 404 ProviderError', async () => {
    const { client } = await clientAgainst('details-not-found');
    const error = await failureOf(client.status('00000000-0000-4000-8000-000000000000', noDeadline));
    expect(error.message).toMatch(/answered 404 \(request_not_found\)/);
  });

  it('a webhook names its request only: unsigned, its state is fetched (never read from the body)', () => {
    const client = createSetuRpd({ baseUrl: 'http://127.0.0.1:9', ...credentials }, createHttp('setu'));
    for (const name of ['webhook-paid', 'webhook-failed']) {
      expect(client.readWebhook({ headers: {}, rawBody: JSON.stringify(fixture(name).request.body) })).toEqual({ vendorRequestId: '7097e53a-ba29-48a2-983d-878433b4f33e' });
    }
    for (const rawBody of ['not json', '{"event":"OTHER","data":{"rpd":{"id":"x"}}}', '{"event":"RPD_VERIFICATION_UPDATE","data":{}}']) {
      expect(() => client.readWebhook({ headers: {}, rawBody })).toThrow(WebhookRefused);
    }
  });

  it('gives up when the request budget runs out, in time', async () => {
    const peer = await startHttpPeer(() => undefined);
    const client = createSetuRpd({ baseUrl: peer.base, ...credentials }, createHttp('setu'));
    const started = performance.now();
    const error = await failureOf(client.start({ reference, expectedName: 'X' }, performance.now() + 200));
    expect(error.message).toMatch(/timed out after \d+ ms/);
    expect(error.retryable).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('Setu simulator, sent the documented requests', () => {
  const clock = () => Date.UTC(2026, 0, 15, 10, 0, 0);
  const headers = { 'x-client-id': setuSimulatorCredentials.clientId, 'x-client-secret': setuSimulatorCredentials.clientSecret, 'x-product-instance-id': setuSimulatorCredentials.productInstanceId };
  const mount = () => mountSimulator('/setu', (store) => setuRpdRoutes({ store, clock, delayMs: 0 }), 'setu', clock);
  const optional = ['data.ifscDetails'];

  it('create, details, mock payment and errors answer in the documented shapes', async () => {
    const sim = await mount();
    const created = await sendToSimulator(sim, '/setu', fixture('create'), headers);
    expect(created.status).toBe(201);
    expectSameShape(created.body, fixture('create').response.body, { values: ['status'] });
    const id = (created.body as { id: string }).id;

    const pending = await sendToSimulator(sim, '/setu', fixture('details-created'), headers, `/api/verify/ban/reverse/${id}`);
    expect(pending.status).toBe(200);
    expectSameShape(pending.body, fixture('details-created').response.body, { values: ['status', 'data', 'additionalData'] });

    const mocked = await sendToSimulator(sim, '/setu', fixture('mock-payment'), headers, `/api/verify/ban/reverse/mock_payment/${id}`);
    expect(mocked.status).toBe(200);
    expectSameShape(mocked.body, fixture('mock-payment').response.body, { values: ['success'] });

    const paid = await sendToSimulator(sim, '/setu', fixture('details-paid'), headers, `/api/verify/ban/reverse/${id}`);
    expectSameShape(paid.body, fixture('details-paid').response.body, { values: ['status', 'data.accountType'], optional });

    for (const name of ['create-bad-request', 'mock-payment-invalid', 'details-not-found']) {
      const answer = await sendToSimulator(sim, '/setu', fixture(name), headers);
      expect(answer.status, name).toBe(fixture(name).response.status);
      expectSameShape(answer.body, fixture(name).response.body, { values: ['error.code', 'error.detail'] });
    }
  });

  it('refuses wrong credentials', async () => {
    const sim = await mount();
    const answer = await sendToSimulator(sim, '/setu', fixture('create'), { ...headers, 'x-client-secret': 'wrong' });
    expect(answer.status).toBe(401);
    expectSameShape(answer.body, fixture('create-bad-request').response.body);
  });

  it("the UPI app's payment: the documented webhook once, the same payment again repeats it, another is refused", async () => {
    const sim = await mount();
    const id = ((await sendToSimulator(sim, '/setu', fixture('create'), headers)).body as { id: string }).id;
    const app = setuUpiApp({ store: sim.store, clock, delayMs: 0 });
    const payment = { payer: { accountNumber: '50100123456789', ifsc: 'HDFC0000001', name: 'SNEHA SHARMA' }, paymentId: 'UPI000001' };
    const first = await app.pay(id, payment);
    expect(first.result).toBe('paid');
    if (first.result !== 'paid') return;
    const webhook = JSON.parse(first.webhook.body) as unknown;
    expectSameShape(webhook, fixture('webhook-paid').request.body, {
      values: ['event', 'status', 'data.rpd.success', 'data.rpd.data.accountType'],
      optional: ['data.rpd.data.ifscDetails', 'data.rpd.additionalData'],
      freeForm: ['data.rpd.additionalData'],
    });
    expect(webhook).toMatchObject({ data: { rpd: { id, data: { bankAccountNumber: '50100123456789', bankAccountIfsc: 'HDFC0000001', bankAccountName: 'SNEHA SHARMA' } } } });
    expect(await app.pay(id, payment)).toMatchObject({ result: 'repeated' });
    expect(await app.pay(id, { ...payment, paymentId: 'UPI000002' })).toEqual({ result: 'refused' });
    expect(await app.pay('00000000-0000-4000-8000-000000000000', payment)).toEqual({ result: 'unknown' });
  });
});

describe('Setu client and simulator together', () => {
  it('start, the payment, the webhook read, the state fetched', async () => {
    const clock = () => Date.now();
    const sim = await mountSimulator('/setu', (store) => setuRpdRoutes({ store, clock, delayMs: 0 }), 'setu', clock);
    const address = await sim.app.listen({ host: '127.0.0.1', port: 0 });
    const client = createSetuRpd({ baseUrl: `${address}/setu`, ...setuSimulatorCredentials }, createHttp('setu'));
    const started = await client.start({ reference, expectedName: 'SNEHA SHARMA' }, noDeadline);
    expect(started.intentLink).toMatch(/^upi:\/\/pay\?pa=setu\.simulator@sandbox&/);
    expect(await client.status(started.vendorRequestId, noDeadline)).toEqual({ status: 'pending' });
    const outcome = await setuUpiApp({ store: sim.store, clock, delayMs: 0 }).pay(started.vendorRequestId, {
      payer: { accountNumber: '50100123456789', ifsc: 'HDFC0000001', name: 'SNEHA SHARMA' },
      paymentId: 'UPI000001',
    });
    if (outcome.result !== 'paid') throw new Error(outcome.result);
    const notice = client.readWebhook({ headers: outcome.webhook.headers, rawBody: outcome.webhook.body });
    expect(notice).toEqual({ vendorRequestId: started.vendorRequestId });
    expect(await client.status(notice.vendorRequestId, noDeadline)).toEqual({
      status: 'paid',
      payment: { paymentId: started.vendorRequestId, payer: { accountNumber: '50100123456789', ifsc: 'HDFC0000001', name: 'SNEHA SHARMA' } },
    });
  });
});

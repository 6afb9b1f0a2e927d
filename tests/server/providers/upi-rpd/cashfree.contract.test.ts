import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cashfreeSimulatorCredentials } from '../../../../server/providers/cashfree-shared';
import { createHttp } from '../../../../server/providers/http';
import { ProviderError } from '../../../../server/providers/provider-error';
import { createCashfreeRpd, hmacBase64 } from '../../../../server/providers/upi-rpd/cashfree/client';
import { cashfreeRpdRoutes, cashfreeUpiApp } from '../../../../server/providers/upi-rpd/cashfree/simulator';
import { WebhookRefused } from '../../../../server/providers/upi-rpd/upi-rpd';
import { startHttpPeer } from '../../http-peer';
import { answerOf, expectRequest, expectSameShape, fixturesOf, mountSimulator, sendToSimulator } from '../contract';
import { noDeadline } from '../../../../server/providers/call-budget';

const folder = join(import.meta.dirname, '../../../../server/providers/upi-rpd/cashfree');
const fixture = fixturesOf(folder);
const secret = 'cashfree-sim-secret';
const reference = 'RPD0123456789ABCDEF0123';

async function clientAgainst(name: string) {
  const peer = await startHttpPeer(answerOf(fixture(name)));
  return { peer, client: createCashfreeRpd({ baseUrl: peer.base, clientId: 'client-1', clientSecret: secret }, createHttp('cashfree')) };
}

const offline = () => createCashfreeRpd({ baseUrl: 'http://127.0.0.1:9', clientId: 'client-1', clientSecret: secret }, createHttp('cashfree'));
const bodyOf = (name: string) => JSON.stringify(fixture(name).request.body);

describe('Cashfree reverse penny drop client, against the documented examples', () => {
  it("creates a request named by our id with the PAN name, and takes Cashfree's UPI link, QR image and expiry", async () => {
    const { peer, client } = await clientAgainst('create');
    const body = fixture('create').response.body as Record<string, string>;
    expect(await client.start({ reference, expectedName: 'John Doe' }, noDeadline)).toEqual({
      vendorRequestId: reference,
      intentLink: body.upi_link,
      qrPng: body.qr_code,
      expiresAt: Date.parse('2024-02-13T13:01:44.000Z'),
    });
    expectRequest(peer.requests[0], fixture('create'), '');
    expect(peer.requests[0]?.headers).toMatchObject({ 'x-client-id': 'client-1', 'x-client-secret': secret });
  });

  it.each([
    ['create-invalid-id', /answered 400 \(verification_id_value_invalid\)/, false],
    ['create-unauthorized', /answered 401 \(authentication_failed\)/, false],
  ])('%s is a ProviderError', async (name, message, retryable) => {
    const { client } = await clientAgainst(name);
    const error = await client.start({ reference, expectedName: 'John Doe' }, noDeadline).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toMatch(message);
    expect((error as ProviderError).retryable).toBe(retryable);
  });

  it('reads the remitter status: the payer, the UTR as the payment reference', async () => {
    const { peer, client } = await clientAgainst('status-success');
    expect(await client.status('3890AAB000', noDeadline)).toEqual({
      status: 'paid',
      payment: { paymentId: '33', payer: { accountNumber: '026291800001191', ifsc: 'YESB0000262', name: 'BHARATHTEST GKUMARUT' } },
    });
    expectRequest(peer.requests[0], fixture('status-success'));
  });

  it('a webhook whose body signature holds is read with its state', () => {
    expect(offline().readWebhook({ headers: {}, rawBody: bodyOf('webhook-success') })).toEqual({
      vendorRequestId: '32',
      state: { status: 'paid', payment: { paymentId: '33', payer: { accountNumber: '026291800001191', ifsc: 'YESB0000262', name: 'BHARATHTEST GKUMARUT' } } },
    });
    expect(offline().readWebhook({ headers: {}, rawBody: bodyOf('webhook-expired') })).toEqual({ vendorRequestId: '91', state: { status: 'failed', reason: 'expired' } });
  });

  it('a tampered webhook (another account, the signature kept) or one signed with another secret is refused', () => {
    const body = JSON.parse(bodyOf('webhook-success')) as { data: Record<string, unknown>; signature: string };
    const tampered = { ...body, data: { ...body.data, bank_account: '999999999999' } };
    expect(() => offline().readWebhook({ headers: {}, rawBody: JSON.stringify(tampered) })).toThrow(WebhookRefused);
    const otherKey = createCashfreeRpd({ baseUrl: 'http://127.0.0.1:9', clientId: 'client-1', clientSecret: 'another' }, createHttp('cashfree'));
    expect(() => otherKey.readWebhook({ headers: {}, rawBody: bodyOf('webhook-success') })).toThrow(WebhookRefused);
  });

  it('with the header signature (timestamp + raw body), the headers decide', () => {
    const rawBody = bodyOf('webhook-success');
    const timestamp = '1707996195';
    const signature = hmacBase64(secret, `${timestamp}${rawBody}`);
    expect(offline().readWebhook({ headers: { 'x-webhook-timestamp': timestamp, 'x-webhook-signature': signature }, rawBody })).toMatchObject({ vendorRequestId: '32' });
    expect(() => offline().readWebhook({ headers: { 'x-webhook-timestamp': '1707996196', 'x-webhook-signature': signature }, rawBody })).toThrow(WebhookRefused);
  });
});

describe('Cashfree reverse penny drop simulator, sent the documented requests', () => {
  const clock = () => Date.UTC(2026, 0, 15, 10, 0, 0);
  const headers = { 'x-client-id': cashfreeSimulatorCredentials.clientId, 'x-client-secret': cashfreeSimulatorCredentials.clientSecret };
  const mount = () => mountSimulator('/cashfree', (store) => cashfreeRpdRoutes({ store, clock, delayMs: 0 }), 'cashfree', clock);

  it('create, status and the documented errors', async () => {
    const sim = await mount();
    const created = await sendToSimulator(sim, '/cashfree', fixture('create'), headers);
    expect(created.status).toBe(200);
    expectSameShape(created.body, fixture('create').response.body, { values: ['verification_id'] });
    expect((created.body as { valid_upto: string }).valid_upto).toBe(new Date(clock() + 10 * 60_000).toISOString());
    expect(await sendToSimulator(sim, '/cashfree', fixture('create'), headers)).toMatchObject({ status: 409 });
    for (const name of ['create-invalid-id', 'create-unauthorized']) {
      const answer = await sendToSimulator(sim, '/cashfree', fixture(name), headers);
      expect(answer.status, name).toBe(fixture(name).response.status);
      expect(answer.body).toMatchObject(fixture(name).response.body as object);
    }
  });

  it("the UPI app's payment: remitter status and the signed webhook in the documented shapes", async () => {
    const sim = await mount();
    await sendToSimulator(sim, '/cashfree', fixture('create'), headers);
    const app = cashfreeUpiApp({ store: sim.store, clock, delayMs: 0 });
    const payment = { payer: { accountNumber: '50100123456789', ifsc: 'HDFC0000001', name: 'JOHN DOE' }, paymentId: '404223241811' };
    const outcome = await app.pay(reference, payment);
    if (outcome.result !== 'paid') throw new Error(outcome.result);
    expectSameShape(JSON.parse(outcome.webhook.body), fixture('webhook-success').request.body, { values: ['event_type', 'version', 'data.status'] });
    expect(offline().readWebhook({ headers: outcome.webhook.headers, rawBody: outcome.webhook.body })).toEqual({
      vendorRequestId: reference,
      state: { status: 'paid', payment: { paymentId: '404223241811', payer: payment.payer } },
    });
    const status = await sendToSimulator(sim, '/cashfree', fixture('status-success'), headers, `/verification/remitter/status?verification_id=${reference}`);
    expectSameShape(status.body, fixture('status-success').response.body, { values: ['status', 'reversal_status', 'account_type'] });
    expect(await app.pay(reference, payment)).toMatchObject({ result: 'repeated' });
    expect(await app.pay(reference, { ...payment, paymentId: '404223241812' })).toEqual({ result: 'refused' });
  });

  it('a link unpaid after 10 minutes reads EXPIRED and takes no payment', async () => {
    let now = clock();
    const sim = await mountSimulator('/cashfree', (store) => cashfreeRpdRoutes({ store, clock: () => now, delayMs: 0 }), 'cashfree', () => now);
    await sendToSimulator(sim, '/cashfree', fixture('create'), headers);
    now += 10 * 60_000;
    const status = await sendToSimulator(sim, '/cashfree', fixture('status-success'), headers, `/verification/remitter/status?verification_id=${reference}`);
    expect(status.body).toMatchObject({ status: 'EXPIRED', bank_account: '' });
    const app = cashfreeUpiApp({ store: sim.store, clock: () => now, delayMs: 0 });
    expect(await app.pay(reference, { payer: { accountNumber: '50100123456789', ifsc: 'HDFC0000001', name: 'X' }, paymentId: '1' })).toEqual({ result: 'refused' });
  });
});

import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cashfreeSimulatorCredentials } from '../../../../server/providers/cashfree-shared';
import { createHttp } from '../../../../server/providers/http';
import { createCashfreePennyDrop } from '../../../../server/providers/penny-drop/cashfree/client';
import { cashfreeBavRoutes } from '../../../../server/providers/penny-drop/cashfree/simulator';
import type { PennyDropResult } from '../../../../server/providers/penny-drop/penny-drop';
import { ProviderError } from '../../../../server/providers/provider-error';
import { startHttpPeer } from '../../http-peer';
import { answerOf, expectRequest, expectSameShape, fixturesOf, loadFixtures } from '../contract';
import { noDeadline } from '../../../../server/providers/call-budget';

const folder = join(import.meta.dirname, '../../../../server/providers/penny-drop/cashfree');
const fixtures = loadFixtures(folder);
const fixture = fixturesOf(folder);

/** The check the fixture's request is: its account, IFSC and name. */
function checkOf(name: string) {
  const body = fixture(name).request.body as { bank_account: string; ifsc: string; name: string };
  return { accountNumber: body.bank_account, ifsc: body.ifsc, expectedName: body.name, reference: 'PD0123456789ABCDEF' };
}

async function clientAgainst(name: string) {
  const peer = await startHttpPeer(answerOf(fixture(name)));
  return { peer, client: createCashfreePennyDrop({ baseUrl: peer.base, clientId: 'client-1', clientSecret: 'secret-1' }, createHttp('cashfree')) };
}

describe('Cashfree BAV v2 client, against the documented examples', () => {
  it.each<[string, PennyDropResult]>([
    ['sync-valid', { kind: 'verified', registeredName: 'BHARATHTEST GKUMARUT', providerReference: '34', vendorNameMatch: 'match' }],
    ['sync-invalid', { kind: 'account_invalid' }],
    ['sync-blocked', { kind: 'account_closed' }],
  ])('%s', async (name, result) => {
    const { peer, client } = await clientAgainst(name);
    expect(await client.verify(checkOf(name), noDeadline)).toEqual(result);
    expectRequest(peer.requests[0], fixture(name));
    expect(peer.requests[0]?.headers).toMatchObject({ 'x-client-id': 'client-1', 'x-client-secret': 'secret-1' });
  });

  it.each([
    ['sync-bank-offline', /the bank could not answer \(BENEFICIARY_BANK_OFFLINE\)/, true],
    ['sync-bad-request', /answered 400/, false],
    ['sync-unauthorized', /answered 401/, false],
  ])('%s: a ProviderError naming a masked account only', async (name, message, retryable) => {
    const { client } = await clientAgainst(name);
    const check = checkOf(name);
    const error = await client.verify(check, noDeadline).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toMatch(message);
    expect((error as ProviderError).message).not.toContain(check.accountNumber);
    expect((error as ProviderError).retryable).toBe(retryable);
  });
});

describe('Cashfree BAV v2 simulator, sent the documented requests', () => {
  const headers = { 'x-client-id': cashfreeSimulatorCredentials.clientId, 'x-client-secret': cashfreeSimulatorCredentials.clientSecret };

  it('answers each fixture with its status and documented values', async () => {
    const app = Fastify({ logger: false });
    await app.register(cashfreeBavRoutes({ delayMs: 0 }), { prefix: '/cashfree' });
    try {
      for (const [name, documented] of Object.entries(fixtures)) {
        const response = await app.inject({
          method: 'POST',
          url: `/cashfree${documented.request.path}`,
          headers: { ...headers, ...documented.request.headers },
          payload: documented.request.body as Record<string, unknown>,
        });
        expect(response.statusCode, name).toBe(documented.response.status);
        expectSameShape(response.json(), documented.response.body, { values: ['account_status', 'account_status_code', 'name_at_bank', 'message'] });
      }
    } finally {
      await app.close();
    }
  });

  it("holds today's special endings and the holder named as asked", async () => {
    const app = Fastify({ logger: false });
    await app.register(cashfreeBavRoutes({ delayMs: 0 }), { prefix: '/cashfree' });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const client = createCashfreePennyDrop({ baseUrl: `${address}/cashfree`, ...cashfreeSimulatorCredentials }, createHttp('cashfree'));
      const check = (accountNumber: string) => client.verify({ accountNumber, ifsc: 'HDFC0000001', expectedName: 'Sneha Sharma', reference: 'PD1' }, noDeadline);
      expect(await check('50100123456789')).toMatchObject({ kind: 'verified', registeredName: 'SNEHA SHARMA', vendorNameMatch: 'match' });
      expect(await check('123456781111')).toMatchObject({ kind: 'verified', registeredName: 'MOHAN LAL GUPTA', vendorNameMatch: 'mismatch' });
      expect(await check('123456780000')).toEqual({ kind: 'account_closed' });
      expect(await check('123456782222')).toEqual({ kind: 'account_invalid' });
      const error = await check('123456785000').then(() => undefined, (e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as ProviderError).retryable).toBe(true);
    } finally {
      await app.close();
    }
  });
});

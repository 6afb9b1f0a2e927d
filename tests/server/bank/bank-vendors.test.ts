import { performance } from 'node:perf_hooks';
import Fastify, { type FastifyPluginAsync } from 'fastify';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpdStatus } from '../../../core/api/types';
import type { RpdStarted } from '../../../server/bank/rpd-service';
import { cashfreeSimulatorSettings } from '../../../server/providers/cashfree-shared';
import { razorpayxRoutes, razorpayxSimulatorSettings } from '../../../server/providers/penny-drop/razorpayx/simulator';
import type { SimulatorStore } from '../../../server/providers/simulator-store';
import { cashfreeRpdRoutes, cashfreeUpiApp } from '../../../server/providers/upi-rpd/cashfree/simulator';
import type { UpiAppControls, UpiAppOutcome, VendorWebhook } from '../../../server/providers/upi-rpd/upi-app';
import { type BankApplicant, applicantAtBank, bankDetails, linkedAccounts, startBankApp } from '../bank-fixtures';
import { type TestApp, auth, get, minutes } from '../helpers';
import { json, startHttpPeer } from '../http-peer';
import { simulatorDatabase } from '../providers/contract';
import { expectError, nextAfter, send } from '../step-fixtures';

/**
 * The bank step on its vendors: webhooks (valid, tampered, replayed, missed), each capability on its second vendor
 * (RazorpayX penny drop, Cashfree UPI: live settings pointed at their simulators, as a broker's would point at the
 * vendor), the fallback vendor, and a vendor that does not answer within the request's budget.
 */

const rpdUrl = '/api/user/rpd-verification';
const payer = { accountNumber: '50100123456789', ifsc: 'HDFC0000001', name: 'SNEHA SHARMA' };

async function start(t: TestApp, who: BankApplicant): Promise<RpdStarted> {
  const result = await send<RpdStarted>(t, who, rpdUrl, {});
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

async function status(t: TestApp, who: BankApplicant): Promise<RpdStatus> {
  return (await get(t.app, rpdUrl, auth(who.token))).json<RpdStatus>();
}

/** The vendor's id of our request, as the vendor's own records (and webhooks) name it. */
async function vendorIdOf(t: TestApp, requestId: string): Promise<string> {
  const { createDatabase } = await import('../../../server/db/database');
  const { bankDb } = await import('../../../server/bank/bank-tables');
  const db = bankDb(createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl }));
  try {
    const row = await db.selectFrom('rpd_requests').select('vendor_request_id').where('id', '=', requestId).executeTakeFirstOrThrow();
    return row.vendor_request_id ?? '';
  } finally {
    await db.destroy();
  }
}

function paid(outcome: UpiAppOutcome): VendorWebhook {
  if (outcome.result !== 'paid' && outcome.result !== 'repeated') throw new Error(`the UPI app's payment was ${outcome.result}`);
  return outcome.webhook;
}

const deliver = (t: TestApp, vendor: string, webhook: VendorWebhook) =>
  t.app.inject({ method: 'POST', url: `/api/webhooks/${vendor}`, headers: webhook.headers, payload: webhook.body });

async function decodeQr(dataUrl: string): Promise<string | undefined> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('Setu webhooks (the default UPI vendor, simulated)', () => {
  let t: TestApp;
  let upiApp: UpiAppControls;
  beforeAll(async () => {
    t = await startBankApp();
    const controls = t.app.providers.controls['upi-rpd'];
    if (!controls) throw new Error('the UPI vendor is not simulated');
    upiApp = controls;
  });
  afterAll(() => t.close());

  it('valid: the state is fetched from Setu, the payer linked, on to the next step', async () => {
    const who = await applicantAtBank(t);
    const { requestId } = await start(t, who);
    const webhook = paid(await upiApp.pay(await vendorIdOf(t, requestId), { payer, paymentId: 'UPI1' }));
    const answer = await deliver(t, 'setu', webhook);
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 200, body: { received: true } });
    expect(await status(t, who)).toMatchObject({ status: 'success', message: 'Bank account verified successfully' });
    expect((await linkedAccounts(t, who.phone)).map((account) => account.beneficiaryAccount)).toEqual([payer.accountNumber]);
    const user = (await get(t.app, '/api/user', auth(who.token))).json<{ user: { nextStep: string } }>().user;
    expect(user.nextStep).toBe(nextAfter('bank_details'));
  });

  it('tampered: a body claiming another account is never read; Setu says what was paid', async () => {
    const who = await applicantAtBank(t);
    const { requestId } = await start(t, who);
    const vendorId = await vendorIdOf(t, requestId);
    const forged = {
      event: 'RPD_VERIFICATION_UPDATE',
      status: 'BAV_REVERSE_PENNY_DROP_PAYMENT_SUCCESSFUL',
      data: { rpd: { success: true, id: vendorId, data: { bankAccountNumber: '999999999999', bankAccountIfsc: 'ICIC0000004', bankAccountName: 'SNEHA SHARMA' } } },
    };
    // Nobody paid yet: Setu answers CREATED, so nothing happens.
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/setu', payload: forged })).statusCode).toBe(200);
    expect(await status(t, who)).toMatchObject({ status: 'pending' });
    expect(await linkedAccounts(t, who.phone)).toEqual([]);
    // Once paid, the forged body still names the wrong account: the account Setu reports is the one linked.
    paid(await upiApp.pay(vendorId, { payer, paymentId: 'UPI2' }));
    expect((await t.app.inject({ method: 'POST', url: '/api/webhooks/setu', payload: forged })).statusCode).toBe(200);
    expect((await linkedAccounts(t, who.phone)).map((account) => account.beneficiaryAccount)).toEqual([payer.accountNumber]);
  });

  it('replayed: the same webhook again links nothing more', async () => {
    const who = await applicantAtBank(t);
    const { requestId } = await start(t, who);
    const webhook = paid(await upiApp.pay(await vendorIdOf(t, requestId), { payer, paymentId: 'UPI3' }));
    const answers = await Promise.all([deliver(t, 'setu', webhook), deliver(t, 'setu', webhook)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(await deliver(t, 'setu', webhook)).toMatchObject({ statusCode: 200 });
    expect(await linkedAccounts(t, who.phone)).toHaveLength(1);
  });

  it('refused: not Setu’s event, not JSON', async () => {
    for (const payload of ['{"event":"OTHER"}', 'not json']) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/webhooks/setu', headers: { 'content-type': 'application/json' }, payload });
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 401, body: { received: false } });
    }
  });

  it('missed: a payment whose webhook never came is found when the wait runs out (Setu asked once)', async () => {
    const who = await applicantAtBank(t);
    const { requestId } = await start(t, who);
    paid(await upiApp.pay(await vendorIdOf(t, requestId), { payer, paymentId: 'UPI4' }));
    // Setu asks not to be polled: while waiting, no news.
    expect(await status(t, who)).toMatchObject({ status: 'pending' });
    t.clock.advance(minutes(10));
    expect(await status(t, who)).toMatchObject({ status: 'success' });
    t.clock.advance(-minutes(10));
  });
});

/** The second vendors' simulators on a loopback port of their own, as a broker's vendor would be reached. */
async function startSecondVendors(clock: () => number): Promise<{ base: string; store: SimulatorStore; razorpayxStore: SimulatorStore; close: () => Promise<void> }> {
  const cashfree = await simulatorDatabase('cashfree', clock);
  const razorpayx = await simulatorDatabase('razorpayx', clock);
  const server = Fastify({ logger: false });
  const mount = (prefix: string, routes: FastifyPluginAsync) => server.register(routes, { prefix });
  await mount('/cashfree', cashfreeRpdRoutes({ store: cashfree.store, clock, delayMs: 0 }));
  await mount('/razorpayx', razorpayxRoutes({ store: razorpayx.store, clock, delayMs: 0 }));
  const base = await server.listen({ host: '127.0.0.1', port: 0 });
  return { base, store: cashfree.store, razorpayxStore: razorpayx.store, close: () => server.close() };
}

describe('each capability on its second vendor: RazorpayX penny drop, Cashfree UPI', () => {
  let t: TestApp;
  let vendors: Awaited<ReturnType<typeof startSecondVendors>>;
  let upiApp: UpiAppControls;
  beforeAll(async () => {
    // The vendors' clock is the app's (read only once the app has started and calls them).
    vendors = await startSecondVendors(() => t.clock.now);
    t = await startBankApp({
      providerEnv: {
        PENNY_DROP_VENDOR: 'razorpayx',
        ...razorpayxSimulatorSettings(`${vendors.base}/razorpayx`),
        UPI_RPD_VENDOR: 'cashfree',
        ...cashfreeSimulatorSettings(`${vendors.base}/cashfree`),
      },
    });
    upiApp = cashfreeUpiApp({ store: vendors.store, clock: () => t.clock.now, delayMs: 0 });
  });
  afterAll(async () => {
    await t.close();
    await vendors.close();
  });

  it('the providers are the second vendors, live', () => {
    const active = t.app.providers.active.filter((one) => one.capability === 'penny-drop' || one.capability === 'upi-rpd');
    expect(active.map(({ capability, vendor, mode }) => ({ capability, vendor, mode }))).toEqual([
      { capability: 'penny-drop', vendor: 'razorpayx', mode: 'live' },
      { capability: 'upi-rpd', vendor: 'cashfree', mode: 'live' },
    ]);
  });

  it('penny drop: an account in the PAN name is linked with the validation’s UTR', async () => {
    const who = await applicantAtBank(t);
    const result = await send(t, who, '/api/user/add-bank-account', bankDetails(who));
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const [account] = await linkedAccounts(t, who.phone);
    expect(account?.verification).toMatchObject({ method: 'penny_drop', reference: expect.stringMatching(/^[0-9]{12}$/) });
  });

  it.each([
    // RazorpayX reports a closed account as invalid: 'not found' is what it can say.
    ['closed (RazorpayX: invalid)', '123456780000', 400, 'Bank account not found, check the account number and IFSC'],
    ['no such account', '123456782222', 400, 'Bank account not found, check the account number and IFSC'],
    ['name mismatch', '123456781111', 400, 'Account holder name does not match the name on your PAN'],
    ['bank unavailable', '123456785000', 503, 'Bank verification service is unavailable, please try again'],
  ])('penny drop, %s', async (_name, beneficiaryAccount, code, message) => {
    const who = await applicantAtBank(t);
    expectError(await send(t, who, '/api/user/add-bank-account', bankDetails(who, { beneficiaryAccount })), code, message);
    expect(await linkedAccounts(t, who.phone)).toEqual([]);
  });

  it("UPI: Cashfree's own QR and link; the signed webhook links the payer; replayed, nothing more", async () => {
    const who = await applicantAtBank(t);
    const started = await start(t, who);
    expect('sandbox' in started).toBe(false);
    expect(started.intentLink).toMatch(/^upi:\/\/pay\?pa=cashfree\.simulator@sandbox&pn=Cashfree&tn=BAV&am=1\.00&cu=INR&tr=[0-9]+$/);
    expect(await decodeQr(started.qrCode)).toBe(started.intentLink);
    const webhook = paid(await upiApp.pay(started.requestId, { payer, paymentId: '404223241811' }));
    expect((await deliver(t, 'cashfree', webhook)).statusCode).toBe(200);
    expect(await status(t, who)).toMatchObject({ status: 'success' });
    expect((await deliver(t, 'cashfree', webhook)).statusCode).toBe(200);
    const accounts = await linkedAccounts(t, who.phone);
    expect(accounts.map((account) => [account.beneficiaryAccount, account.verification.reference])).toEqual([[payer.accountNumber, '404223241811']]);
  });

  it('UPI: a tampered webhook is refused (401) and changes nothing', async () => {
    const who = await applicantAtBank(t);
    const started = await start(t, who);
    const webhook = paid(await upiApp.pay(started.requestId, { payer, paymentId: '404223241812' }));
    const body = JSON.parse(webhook.body) as { data: Record<string, unknown> };
    const tampered = JSON.stringify({ ...body, data: { ...body.data, bank_account: '999999999999' } });
    const answer = await t.app.inject({ method: 'POST', url: '/api/webhooks/cashfree', headers: webhook.headers, payload: tampered });
    expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 401, body: { received: false } });
    expect(await linkedAccounts(t, who.phone)).toEqual([]);
  });

  it('UPI: without a webhook, the status is polled from Cashfree', async () => {
    const who = await applicantAtBank(t);
    const started = await start(t, who);
    expect(await status(t, who)).toMatchObject({ status: 'pending' });
    paid(await upiApp.pay(started.requestId, { payer, paymentId: '404223241813' }));
    t.clock.advance(4_000);
    expect(await status(t, who)).toMatchObject({ status: 'success' });
    expect((await linkedAccounts(t, who.phone)).map((account) => account.beneficiaryAccount)).toEqual([payer.accountNumber]);
  });

  it('there is no simulated UPI app (the vendor is live): the dev route is absent', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/dev/upi/RPD00000000000000000000/pay', payload: {} });
    expect(response.statusCode).toBe(404);
  });
});

describe('PENNY_DROP_FALLBACK_VENDOR: RazorpayX after Cashfree, within one budget', () => {
  let vendors: Awaited<ReturnType<typeof startSecondVendors>>;
  beforeAll(async () => {
    vendors = await startSecondVendors(() => Date.now());
  });
  afterAll(() => vendors.close());

  async function appWithCashfreeAt(cashfreeBase: string, budgetMs?: number): Promise<TestApp> {
    return startBankApp({
      ...(budgetMs ? { limits: { requestBudgetMs: budgetMs } } : {}),
      providerEnv: {
        PENNY_DROP_VENDOR: 'cashfree',
        PENNY_DROP_FALLBACK_VENDOR: 'razorpayx',
        CASHFREE_BASE_URL: cashfreeBase,
        CASHFREE_CLIENT_ID: 'id',
        CASHFREE_CLIENT_SECRET: 'secret',
        ...razorpayxSimulatorSettings(`${vendors.base}/razorpayx`),
      },
    });
  }

  it('Cashfree answers 500: RazorpayX links the account', async () => {
    const cashfree = await startHttpPeer(json(500, { message: 'something went wrong' }));
    const t = await appWithCashfreeAt(cashfree.base);
    try {
      const who = await applicantAtBank(t);
      const result = await send(t, who, '/api/user/add-bank-account', bankDetails(who));
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(cashfree.requests).toHaveLength(1);
      const [account] = await linkedAccounts(t, who.phone);
      expect(account?.verification.reference).toMatch(/^[0-9]{12}$/);
    } finally {
      await t.close();
    }
  });

  it('Cashfree never answers: cut at its share of the budget, RazorpayX answers in time', async () => {
    const cashfree = await startHttpPeer(() => undefined);
    const budgetMs = 4_000;
    const t = await appWithCashfreeAt(cashfree.base, budgetMs);
    try {
      const who = await applicantAtBank(t);
      const started = performance.now();
      const result = await send(t, who, '/api/user/add-bank-account', bankDetails(who));
      const ms = performance.now() - started;
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      expect(ms).toBeGreaterThanOrEqual(budgetMs / 2 - 100);
      expect(ms).toBeLessThan(budgetMs);
    } finally {
      await t.close();
    }
  });

  it('Cashfree refuses our credentials (401, not retryable): no second vendor, 503', async () => {
    const cashfree = await startHttpPeer(json(401, { message: 'Invalid clientId and clientSecret combination' }));
    const t = await appWithCashfreeAt(cashfree.base);
    try {
      const who = await applicantAtBank(t);
      const contactsBefore = (await vendors.razorpayxStore.list('contact', 1000)).length;
      expectError(await send(t, who, '/api/user/add-bank-account', bankDetails(who)), 503, 'Bank verification service is unavailable, please try again');
      expect(await linkedAccounts(t, who.phone)).toEqual([]);
      expect((await vendors.razorpayxStore.list('contact', 1000)).length).toBe(contactsBefore);
    } finally {
      await t.close();
    }
  });
});

describe('choosing the bank vendors', () => {
  const production = { production: true, documentsKey: Buffer.alloc(32, 7).toString('base64') };

  it('production without them stops the start, naming what each vendor needs', async () => {
    // providerEnv given: the test helpers' stand-in clients (production-vendors.ts) stay out of it.
    await expect(startBankApp({ ...production, providerEnv: {} })).rejects.toThrow(
      /Penny drop \(bank account check\): production needs a vendor: PENNY_DROP_VENDOR=cashfree \(CASHFREE_CLIENT_ID, CASHFREE_CLIENT_SECRET\) or PENNY_DROP_VENDOR=razorpayx \(RAZORPAYX_KEY_ID, RAZORPAYX_KEY_SECRET, RAZORPAYX_ACCOUNT_NUMBER\)[\s\S]*UPI reverse penny drop: production needs a vendor: UPI_RPD_VENDOR=setu \(SETU_BAV_CLIENT_ID, SETU_BAV_CLIENT_SECRET, SETU_BAV_PRODUCT_INSTANCE_ID\) or UPI_RPD_VENDOR=cashfree/,
    );
  });

  it('the old PENNY_DROP_URL stops the start, naming its replacement; a fallback without a first vendor too', async () => {
    await expect(startBankApp({ providerEnv: { PENNY_DROP_URL: 'https://pd.example' } })).rejects.toThrow(/PENNY_DROP_URL is no longer read: .*PENNY_DROP_VENDOR=cashfree/);
    await expect(startBankApp({ providerEnv: { PENNY_DROP_FALLBACK_VENDOR: 'razorpayx' } })).rejects.toThrow(/PENNY_DROP_FALLBACK_VENDOR is set but PENNY_DROP_VENDOR is not/);
  });
});

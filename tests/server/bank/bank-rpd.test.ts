import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RpdStatus, rpdStatuses } from '../../../core/api/types';
import type { PaymentOutcome } from '../../../server/bank/rpd-payment';
import type { RpdStarted } from '../../../server/bank/rpd-service';
import { type TestApp, auth, errorOf, get, minutes, post } from '../helpers';
import { type BankApplicant, applicantAtBank, linkedAccounts, startBankApp } from '../bank-fixtures';
import { expectError, nextAfter, send } from '../step-fixtures';
import { refuseMovesOf } from '../stored-records';

let t: TestApp;
beforeAll(async () => {
  t = await startBankApp();
});
afterAll(() => t.close());

const rpdUrl = '/api/user/rpd-verification';

async function start(who: BankApplicant): Promise<RpdStarted> {
  const result = await send<RpdStarted>(t, who, rpdUrl, {});
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body;
}

async function status(who: BankApplicant): Promise<RpdStatus> {
  const response = await get(t.app, rpdUrl, auth(who.token));
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<RpdStatus>();
  // What the client's type allows: every status these tests see, 'not_started' included.
  expect(rpdStatuses).toContain(body.status);
  return body;
}

async function pay(requestId: string, body?: Record<string, unknown>): Promise<PaymentOutcome> {
  const response = await post(t.app, `/api/dev/upi/${requestId}/pay`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PaymentOutcome>();
}

async function decodeQr(dataUrl: string): Promise<string | undefined> {
  const png = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

describe('POST /api/user/rpd-verification', () => {
  it('answers a UPI intent link and a PNG QR code that holds it', async () => {
    const who = await applicantAtBank(t);
    const { requestId, intentLink, qrCode } = await start(who);
    expect(requestId).toMatch(/^RPD[0-9A-F]{20}$/);
    // Setu's link (its simulator: the default UPI vendor), paying a handle no UPI app resolves.
    expect(intentLink).toMatch(/^upi:\/\/pay\?pa=setu\.simulator@sandbox&pn=SetuSimulator&am=1\.00&tr=[0-9a-f]{22}&tn=Account%20Verification&cu=INR&mode=04$/);
    expect(qrCode).toMatch(/^data:image\/png;base64,/);
    expect(await decodeQr(qrCode)).toBe(intentLink);
    expect(await status(who)).toEqual({ status: 'pending', message: 'Waiting for your Rs 1 payment', recommended: 'rpd' });
  });

  it('before any request: not started, UPI recommended', async () => {
    const who = await applicantAtBank(t);
    expect(await status(who)).toEqual({ status: 'not_started', message: 'No UPI payment request yet', recommended: 'rpd' });
  });
});

describe('the payment (the simulated UPI app, POST /api/dev/upi/{requestId}/pay)', () => {
  it("by default an account in the PAN name pays: verified, the payer's account linked, on to the next step", async () => {
    const who = await applicantAtBank(t);
    const { requestId } = await start(who);
    expect(await pay(requestId)).toEqual({ requestId, status: 'success', message: 'Bank account verified successfully', applied: true });
    expect(await status(who)).toEqual({ status: 'success', message: 'Bank account verified successfully', recommended: 'rpd' });
    const [account, ...others] = await linkedAccounts(t, who.phone);
    expect(others).toEqual([]);
    expect(account).toMatchObject({
      beneficiaryAccount: expect.stringMatching(/^5010[0-9]{10}$/),
      beneficiaryIFSC: 'HDFC0000001',
      beneficiaryName: 'SNEHA SHARMA',
      beneficiaryAccountType: 'savings',
      // Setu's request id names the payment (one payment per link).
      verification: { method: 'rpd', bankCode: 'HDFC', bankName: 'HDFC Bank', reference: expect.stringMatching(/^[0-9a-f-]{36}$/) },
    });
    const user = (await get(t.app, '/api/user', auth(who.token))).json<{ user: { nextStep: string } }>();
    expect(user.user.nextStep).toBe(nextAfter('bank_details'));
  });

  it('the same payment delivered twice links once', async () => {
    const who = await applicantAtBank(t);
    const { requestId } = await start(who);
    const payer = { accountNumber: '123456789012', ifsc: 'ICIC0000004', name: 'Sneha Sharma', paymentId: 'PAY-000001' };
    const [first, second] = await Promise.all([pay(requestId, payer), pay(requestId, payer)]);
    expect([first?.applied, second?.applied].sort()).toEqual([false, true]);
    expect(await pay(requestId, payer)).toMatchObject({ status: 'success', applied: false });
    // A second, different payment for a resolved request links nothing either.
    expect(await pay(requestId, { ...payer, accountNumber: '999999999999', paymentId: 'PAY-000002' })).toMatchObject({ status: 'success', applied: false });
    const accounts = await linkedAccounts(t, who.phone);
    expect(accounts.map((account) => account.beneficiaryAccount)).toEqual(['123456789012']);
    expect(accounts[0]?.verification.bankName).toBe('ICICI Bank');
  });

  it("a payer whose name is not the PAN name fails, links nothing, and recommends the manual flow", async () => {
    const who = await applicantAtBank(t);
    const { requestId } = await start(who);
    expect(await pay(requestId, { name: 'MOHAN LAL GUPTA' })).toEqual({
      requestId,
      status: 'failure',
      message: 'Account holder name does not match the name on your PAN',
      applied: true,
    });
    expect(await status(who)).toEqual({ status: 'failure', message: 'Account holder name does not match the name on your PAN', recommended: 'penny_drop' });
    expect(await linkedAccounts(t, who.phone)).toEqual([]);
    // The applicant can start again.
    const again = await start(who);
    expect(await pay(again.requestId)).toMatchObject({ status: 'success', applied: true });
  });

  it('a payer reported without a name fails with the default message', async () => {
    const who = await applicantAtBank(t);
    const { requestId } = await start(who);
    expect(await pay(requestId, { name: ' ' })).toMatchObject({ status: 'failure', message: 'Bank account verification failed, Try again!', applied: true });
  });

  it('a request expires after 10 minutes; a late payment links nothing', async () => {
    const who = await applicantAtBank(t);
    const { requestId } = await start(who);
    t.clock.advance(minutes(10) - 1);
    expect((await status(who)).status).toBe('pending');
    t.clock.advance(1);
    expect(await status(who)).toEqual({ status: 'failure', message: 'UPI payment request expired, please try again', recommended: 'penny_drop' });
    expect(await pay(requestId)).toEqual({ requestId, status: 'failure', message: 'UPI payment request expired, please try again', applied: false });
    expect(await linkedAccounts(t, who.phone)).toEqual([]);
  });

  it('a payment to an older, replaced request links nothing', async () => {
    const who = await applicantAtBank(t);
    const old = await start(who);
    const current = await start(who);
    expect(await pay(old.requestId)).toMatchObject({ status: 'failure', message: 'A newer UPI payment request replaced this one', applied: false });
    expect((await status(who)).status).toBe('pending');
    expect(await pay(current.requestId)).toMatchObject({ status: 'success', applied: true });
  });

  it('a screen asks about its own request: the one a newer request replaced says so (issue 20: two tabs)', async () => {
    const who = await applicantAtBank(t);
    const old = await start(who);
    const current = await start(who);
    const of = async (requestId: string) => {
      const response = await get(t.app, `${rpdUrl}?requestId=${requestId}`, auth(who.token));
      expect(response.statusCode, response.body).toBe(200);
      return response.json<RpdStatus>();
    };
    expect(await of(old.requestId)).toEqual({ status: 'failure', message: 'A newer UPI payment request replaced this one', recommended: 'rpd' });
    expect(await of(current.requestId)).toEqual({ status: 'pending', message: 'Waiting for your Rs 1 payment', recommended: 'rpd' });
    // Someone else's request, an unknown one and a malformed id are all 'not found'.
    const other = await applicantAtBank(t);
    const theirs = await start(other);
    for (const id of [theirs.requestId, 'RPD00000000000000000000', 'nope']) {
      const response = await get(t.app, `${rpdUrl}?requestId=${id}`, auth(who.token));
      expect(response.statusCode, id).toBe(id === 'nope' ? 400 : 404);
      expect(errorOf(response).message).toBe('Payment request not found');
    }
  });

  it.each([
    ['an unknown request', '/api/dev/upi/RPD0000/pay', {}, 404, 'Payment request not found'],
    ['a malformed payer account', '/api/dev/upi/RPD0000/pay', { accountNumber: '12ab' }, 400, 'accountNumber must be 9 to 19 digits'],
  ])('%s', async (_name, url, body, statusCode, message) => {
    const response = await post(t.app, url, body);
    expect({ status: response.statusCode, message: errorOf(response).message }).toEqual({ status: statusCode, message });
  });

  it('starting needs the bank step to be next', async () => {
    const who = await applicantAtBank(t);
    const { setUserRow } = await import('../step-fixtures');
    await setUserRow(t, who.phone, { next_step: 'personal_details' });
    expectError(await send(t, who, rpdUrl, {}), 400, 'please complete previous steps');
  });
});

describe('production', () => {
  it('has no simulated UPI app', async () => {
    const production = await startBankApp({ production: true, documentsKey: Buffer.alloc(32, 7).toString('base64') });
    try {
      const response = await post(production.app, '/api/dev/upi/RPD0000/pay', {});
      expect(response.statusCode).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe('the payment on the one save path', () => {
  it("the request's resolution, the payer's account and the move are one transaction: a move the database refuses links nothing, the request still waits", async () => {
    const who = await applicantAtBank(t);
    const { requestId } = await start(who);
    await refuseMovesOf(t, who);
    expect(await pay(requestId)).toEqual({ requestId, status: 'pending', message: 'Waiting for your Rs 1 payment', applied: false });
    expect(await linkedAccounts(t, who.phone)).toEqual([]);
    expect((await status(who)).status).toBe('pending');
  });
});

import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createIfscLookup } from '../../server/providers/ifsc-lookup/create-ifsc-lookup';
import { createHttpIfscLookup } from '../../server/providers/ifsc-lookup/http-ifsc-lookup';
import { createPennyDrop } from '../../server/providers/penny-drop/create-penny-drop';
import { createHttpPennyDrop } from '../../server/providers/penny-drop/http-penny-drop';
import type { PennyDropResult } from '../../server/providers/penny-drop/penny-drop';
import { ProviderError } from '../../server/providers/provider-error';
import { type CapturedRequest, json, type Reply, startHttpPeer } from './http-peer';

const request = { accountNumber: '50100123456789', ifsc: 'HDFC0000001', expectedName: 'SNEHA SHARMA', reference: 'PD0001' };

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as Error).message).not.toContain(request.accountNumber);
  return error as ProviderError;
}

describe('HTTP penny drop (Cashfree/Setu-like)', () => {
  it('POSTs {bank_account, ifsc, name, reference_id} with a Bearer token and maps a valid account', async () => {
    const { base, requests } = await startHttpPeer(json(200, { account_status: 'VALID', account_status_code: 'ACCOUNT_IS_VALID', name_at_bank: ' SNEHA  SHARMA ', reference_id: 'CF123' }));
    const pennyDrop = createHttpPennyDrop({ url: `${base}/verification/bank-account`, token: 'pd-token' });
    expect(pennyDrop.name).toBe('http-penny-drop');
    expect(await pennyDrop.verify(request)).toEqual({ kind: 'verified', registeredName: 'SNEHA SHARMA', providerReference: 'CF123' });
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: '/verification/bank-account',
      body: { bank_account: '50100123456789', ifsc: 'HDFC0000001', name: 'SNEHA SHARMA', reference_id: 'PD0001' },
    });
    expect(requests[0]?.headers).toMatchObject({ authorization: 'Bearer pd-token', 'content-type': 'application/json' });
  });

  it.each<[string, string, PennyDropResult['kind']]>([
    ['blocked', 'ACCOUNT_BLOCKED', 'account_closed'],
    ['closed', 'ACCOUNT_CLOSED', 'account_closed'],
    ['no such account', 'INVALID_ACCOUNT_FAIL', 'account_invalid'],
    ['wrong IFSC', 'INVALID_IFSC_FAIL', 'account_invalid'],
  ])('INVALID, %s', async (_name, code, kind) => {
    const { base } = await startHttpPeer(json(200, { account_status: 'INVALID', account_status_code: code }));
    expect(await createHttpPennyDrop({ url: base }).verify(request)).toEqual({ kind });
  });

  it.each<[string, Reply, RegExp]>([
    ['a 503', json(503, { message: 'bank down' }), /service answered 503/],
    ['a 401 (bad token)', json(401, {}), /service answered 401/],
    ['VALID without a name', json(200, { account_status: 'VALID' }), /without a name/],
    ['an unknown status', json(200, { account_status: 'PENDING' }), /unexpected answer/],
    ['not JSON', (res) => res.writeHead(200).end('<html>'), /unexpected answer/],
  ])('%s is a ProviderError naming a masked account', async (_name, reply, message) => {
    const { base } = await startHttpPeer(reply);
    const error = await failure(createHttpPennyDrop({ url: base }).verify(request));
    expect(error.message).toMatch(message);
    expect(error.message).toContain('**********6789');
  });

  it('times out', async () => {
    const { base } = await startHttpPeer(() => undefined);
    expect((await failure(createHttpPennyDrop({ url: base, timeoutMs: 50 }).verify(request))).message).toMatch(/timed out after 50 ms/);
  });

  it('is chosen by PENNY_DROP_URL; the sandbox otherwise', () => {
    expect(createPennyDrop({ PENNY_DROP_URL: 'http://127.0.0.1:9/pd' }).name).toBe('http-penny-drop');
    expect(createPennyDrop({ PENNY_DROP_URL: '  ' }).name).toBe('sandbox-penny-drop');
    expect(() => createPennyDrop({ PENNY_DROP_URL: 'ftp://x' })).toThrow(/http or https/);
  });
});

const hdfc = {
  BANK: 'HDFC Bank', IFSC: 'HDFC0009999', BRANCH: 'POWAI', ADDRESS: 'HIRANANDANI GARDENS, POWAI', CITY: 'MUMBAI', CENTRE: 'MUMBAI',
  DISTRICT: 'MUMBAI SUBURBAN', STATE: 'MAHARASHTRA', MICR: '400240999', CONTACT: null, BANKCODE: 'HDFC', UPI: true,
};

/** Razorpay's IFSC API shape: GET /<IFSC> answers the branch, or 404 "Not Found". */
async function fakeRazorpay(): Promise<{ base: string; requests: CapturedRequest[] }> {
  const peer: { requests: CapturedRequest[] } = { requests: [] };
  const started = await startHttpPeer((res: ServerResponse) => {
    const url = peer.requests.at(-1)?.url;
    if (url === '/HDFC0009999') json(200, hdfc)(res);
    else if (url === '/SBIN0000500') json(500, {})(res);
    else res.writeHead(404, { 'content-type': 'application/json' }).end('"Not Found"');
  });
  peer.requests = started.requests;
  return started;
}

describe("HTTP IFSC lookup (Razorpay's public API shape)", () => {
  it('GETs /<IFSC> and maps the branch', async () => {
    const { base, requests } = await fakeRazorpay();
    expect(await createHttpIfscLookup({ url: base }).lookup('HDFC0009999')).toEqual({
      kind: 'found',
      branch: {
        ifsc: 'HDFC0009999', bankCode: 'HDFC', bank: 'HDFC Bank', branch: 'POWAI', address: 'HIRANANDANI GARDENS, POWAI', city: 'MUMBAI',
        district: 'MUMBAI SUBURBAN', state: 'MAHARASHTRA', micr: '400240999', contact: '',
      },
    });
    expect(requests[0]).toMatchObject({ method: 'GET', url: '/HDFC0009999' });
  });

  it('a 404 is not found', async () => {
    const { base } = await fakeRazorpay();
    expect(await createHttpIfscLookup({ url: base }).lookup('HDFC0999998')).toEqual({ kind: 'not_found' });
  });

  it('caches answers (found for a day, not found for an hour) and asks again after', async () => {
    const { base, requests } = await fakeRazorpay();
    let now = 0;
    const lookup = createHttpIfscLookup({ url: base, clock: () => now });
    await lookup.lookup('HDFC0009999');
    await lookup.lookup('HDFC0009999');
    await lookup.lookup('HDFC0999998');
    await lookup.lookup('HDFC0999998');
    expect(requests.map((r) => r.url)).toEqual(['/HDFC0009999', '/HDFC0999998']);
    now = 3_600_000;
    await lookup.lookup('HDFC0009999');
    await lookup.lookup('HDFC0999998');
    expect(requests.map((r) => r.url)).toEqual(['/HDFC0009999', '/HDFC0999998', '/HDFC0999998']);
  });

  it('a malformed code is not found without a call', async () => {
    const { base, requests } = await fakeRazorpay();
    expect(await createHttpIfscLookup({ url: base }).lookup('../etc/passwd')).toEqual({ kind: 'not_found' });
    expect(requests).toEqual([]);
  });

  it('a 500 is a ProviderError and is not cached', async () => {
    const { base, requests } = await fakeRazorpay();
    const lookup = createHttpIfscLookup({ url: base });
    expect((await failure(lookup.lookup('SBIN0000500'))).message).toMatch(/service answered 500/);
    await failure(lookup.lookup('SBIN0000500'));
    expect(requests).toHaveLength(2);
  });

  it('the sandbox outside production, Razorpay in production, IFSC_LOOKUP_URL overrides', async () => {
    expect(createIfscLookup(undefined, false).name).toBe('sandbox-ifsc');
    expect(createIfscLookup(undefined, true).name).toBe('http-ifsc');
    expect(createIfscLookup('sandbox', true).name).toBe('sandbox-ifsc');
    expect(createIfscLookup('http://127.0.0.1:9', false).name).toBe('http-ifsc');
    const sandbox = createIfscLookup(undefined, false);
    expect(await sandbox.lookup('SBIN0000691')).toMatchObject({ kind: 'found', branch: { bankCode: 'SBIN', bank: 'State Bank of India' } });
    expect(await sandbox.lookup('SBIN0999999')).toEqual({ kind: 'not_found' });
  });
});

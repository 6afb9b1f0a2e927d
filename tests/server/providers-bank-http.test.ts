import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createIfscLookup } from '../../server/providers/ifsc-lookup/create-ifsc-lookup';
import { createHttpIfscLookup } from '../../server/providers/ifsc-lookup/http-ifsc-lookup';
import { ProviderError } from '../../server/providers/provider-error';
import { type CapturedRequest, json, startHttpPeer } from './http-peer';

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

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

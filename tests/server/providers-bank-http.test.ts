import { describe, expect, it } from 'vitest';
import { createPennyDrop } from '../../server/providers/penny-drop/create-penny-drop';
import { createHttpPennyDrop } from '../../server/providers/penny-drop/http-penny-drop';
import type { PennyDropResult } from '../../server/providers/penny-drop/penny-drop';
import { ProviderError } from '../../server/providers/provider-error';
import { json, type Reply, startHttpPeer } from './http-peer';

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

import { describe, expect, it } from 'vitest';
import type { PanCheckResponse } from '../../core/api/types';
import { createPanRegistry } from '../../server/providers/pan-kra/create-pan-registry';
import { createHttpPanRegistry } from '../../server/providers/pan-kra/http-pan-registry';
import type { PanLookupResult } from '../../server/providers/pan-kra/pan-registry';
import { ProviderError } from '../../server/providers/provider-error';
import { json, type Reply, startHttpPeer } from './http-peer';
import { startTestApp } from './helpers';
import { applicantAtPan, expectError, send } from './step-fixtures';


const query = { pan: 'ABCPE1234F', dateOfBirth: '15/08/1990' };

async function failure(promise: Promise<PanLookupResult>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as Error).message).not.toContain(query.pan);
  return error as ProviderError;
}

describe('HTTP PAN/KRA registry', () => {
  it('POSTs JSON {pan, dateOfBirth} with a Bearer token and maps a verified answer', async () => {
    const { base, requests } = await startHttpPeer(json(200, { status: 'verified', name: ' ASHA VERMA ', dateOfBirth: '15/08/1990' }));
    const registry = createHttpPanRegistry({ url: `${base}/v1/kra/lookup`, token: 'kra-token' });
    expect(registry.name).toBe('http-pan-kra');
    expect(await registry.lookup(query)).toEqual({ kind: 'verified', pan: query.pan, name: 'ASHA VERMA', dateOfBirth: '15/08/1990' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/v1/kra/lookup', body: query });
    expect(requests[0]?.headers).toMatchObject({ authorization: 'Bearer kra-token', 'content-type': 'application/json' });
  });

  it.each(['dob_mismatch', 'not_individual', 'not_found'] as const)('maps status %s', async (status) => {
    const { base } = await startHttpPeer(json(200, { status }));
    expect(await createHttpPanRegistry({ url: base }).lookup(query)).toEqual({ kind: status });
  });

  it('a 404 means not found', async () => {
    const { base } = await startHttpPeer(json(404, { error: 'no record' }));
    expect(await createHttpPanRegistry({ url: base }).lookup(query)).toEqual({ kind: 'not_found' });
  });

  it('sends no Authorization header without a token', async () => {
    const { base, requests } = await startHttpPeer(json(200, { status: 'not_found' }));
    await createHttpPanRegistry({ url: base }).lookup(query);
    expect(requests[0]?.headers.authorization).toBeUndefined();
  });

  it.each<[string, Reply, RegExp]>([
    ['a 500', json(500, { error: 'down' }), /registry answered 500/],
    ['a 401 (bad token)', json(401, {}), /registry answered 401/],
    ['an unknown status', json(200, { status: 'maybe' }), /unexpected answer/],
    ['verified without a name', json(200, { status: 'verified' }), /without a name/],
    ['not JSON', (res) => res.writeHead(200).end('<html>'), /not JSON/],
    ['JSON null', json(200, null), /unexpected answer/],
  ])('%s is a ProviderError', async (_name, reply, message) => {
    const { base } = await startHttpPeer(reply);
    const error = await failure(createHttpPanRegistry({ url: base }).lookup(query));
    expect(error.message).toMatch(message);
    expect(error.message).toContain('AB*******F');
  });

  it('gives up after timeoutMs', async () => {
    const { base } = await startHttpPeer(() => undefined);
    const error = await failure(createHttpPanRegistry({ url: base, timeoutMs: 100 }).lookup(query));
    expect(error.message).toMatch(/timed out after 100 ms/);
  });

  it('an unreachable registry is a ProviderError', async () => {
    const error = await failure(createHttpPanRegistry({ url: 'http://127.0.0.1:1/' }).lookup(query));
    expect(error.message).toMatch(/unreachable/);
  });

  it('refuses a malformed or non-HTTP url at start-up', () => {
    expect(() => createHttpPanRegistry({ url: 'not a url' })).toThrow(ProviderError);
    expect(() => createHttpPanRegistry({ url: 'ftp://kra.example/' })).toThrow(/http or https/);
  });

  it('PAN_KRA_URL chooses it; unset or blank means the sandbox', () => {
    expect(createPanRegistry({ PAN_KRA_URL: 'https://kra.example/lookup', PAN_KRA_TOKEN: 't' }).name).toBe('http-pan-kra');
    expect(createPanRegistry({}).name).toBe('sandbox-pan-kra');
    expect(createPanRegistry({ PAN_KRA_URL: '  ' }).name).toBe('sandbox-pan-kra');
  });
});

describe('the app with PAN_KRA_URL set', () => {
  it('answers from the real registry, and 503 when it fails', async () => {
    let up = true;
    const { base } = await startHttpPeer((res) => (up ? json(200, { status: 'verified', name: 'ASHA VERMA' })(res) : json(502, {})(res)));
    const t = await startTestApp({ panKraEnv: { PAN_KRA_URL: base, PAN_KRA_TOKEN: 'kra-token' } });
    try {
      const who = await applicantAtPan(t);
      const verified = await send<PanCheckResponse>(t, who, '/api/user/pan-number', query);
      expect(verified).toEqual({ status: 200, body: { ...query, name: 'ASHA VERMA' } });
      up = false;
      expectError(await send(t, who, '/api/user/pan-number', query), 503, 'PAN verification service is unavailable, please try again');
    } finally {
      await t.close();
    }
  });
});

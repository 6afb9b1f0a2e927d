import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { PanCheckResponse } from '../../src/api/types';
import { createPanRegistry } from '../../server/providers/pan-kra/create-pan-registry';
import { createHttpPanRegistry } from '../../server/providers/pan-kra/http-pan-registry';
import type { PanLookupResult } from '../../server/providers/pan-kra/pan-registry';
import { ProviderError } from '../../server/providers/provider-error';
import { startTestApp } from './helpers';
import { applicantAtPan, expectError, send } from './step-fixtures';

interface Captured {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: unknown;
}

type Reply = (res: ServerResponse) => void;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A real KRA gateway on 127.0.0.1 that records each request and answers with `reply`. */
async function startRegistry(reply: Reply): Promise<{ base: string; requests: Captured[] }> {
  const requests: Captured[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method, url: req.url, headers: req.headers, body: text ? JSON.parse(text) : undefined });
      reply(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

const json = (status: number, body: unknown): Reply => (res) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

const query = { pan: 'ABCPE1234F', dateOfBirth: '15/08/1990' };

async function failure(promise: Promise<PanLookupResult>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  expect((error as Error).message).not.toContain(query.pan);
  return error as ProviderError;
}

describe('HTTP PAN/KRA registry', () => {
  it('POSTs JSON {pan, dateOfBirth} with a Bearer token and maps a verified answer', async () => {
    const { base, requests } = await startRegistry(json(200, { status: 'verified', name: ' ASHA VERMA ', dateOfBirth: '15/08/1990' }));
    const registry = createHttpPanRegistry({ url: `${base}/v1/kra/lookup`, token: 'kra-token' });
    expect(registry.name).toBe('http-pan-kra');
    expect(await registry.lookup(query)).toEqual({ kind: 'verified', pan: query.pan, name: 'ASHA VERMA', dateOfBirth: '15/08/1990' });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/v1/kra/lookup', body: query });
    expect(requests[0]?.headers).toMatchObject({ authorization: 'Bearer kra-token', 'content-type': 'application/json' });
  });

  it.each(['dob_mismatch', 'not_individual', 'not_found'] as const)('maps status %s', async (status) => {
    const { base } = await startRegistry(json(200, { status }));
    expect(await createHttpPanRegistry({ url: base }).lookup(query)).toEqual({ kind: status });
  });

  it('a 404 means not found', async () => {
    const { base } = await startRegistry(json(404, { error: 'no record' }));
    expect(await createHttpPanRegistry({ url: base }).lookup(query)).toEqual({ kind: 'not_found' });
  });

  it('sends no Authorization header without a token', async () => {
    const { base, requests } = await startRegistry(json(200, { status: 'not_found' }));
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
    const { base } = await startRegistry(reply);
    const error = await failure(createHttpPanRegistry({ url: base }).lookup(query));
    expect(error.message).toMatch(message);
    expect(error.message).toContain('AB*******F');
  });

  it('gives up after timeoutMs', async () => {
    const { base } = await startRegistry(() => undefined);
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
    const { base } = await startRegistry((res) => (up ? json(200, { status: 'verified', name: 'ASHA VERMA' })(res) : json(502, {})(res)));
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

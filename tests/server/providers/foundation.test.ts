import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { noDeadline } from '../../../server/providers/call-budget';
import { ProviderSettingsError, chooseProviders, providerVariableNames } from '../../../server/providers/choose-providers';
import { createHttp, textOf } from '../../../server/providers/http';
import { ProviderError } from '../../../server/providers/provider-error';
import { createProviderStats, instrumentClient } from '../../../server/providers/provider-stats';
import { type CapabilityClients, type CapabilityControls, type Registry, registry } from '../../../server/providers/registry';
import { startSimulators } from '../../../server/providers/simulators';
import type { SimulatorDeps, VendorDefinition } from '../../../server/providers/vendor';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** A plain HTTP server on loopback answering with `handler`. */
async function peer(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('http.ts: the one HTTP client of every vendor', () => {
  const http = createHttp('acme');

  it('sends JSON, form and XML bodies with their content types, and reads the answer as text or JSON', async () => {
    const seen: { type: string | undefined; body: string }[] = [];
    const base = await peer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({ type: req.headers['content-type'], body });
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end('{"ok":true}');
      });
    });
    const common = { method: 'POST' as const, url: `${base}/x`, what: 'a test call', timeoutMs: 2_000 };
    const answer = await http.send({ ...common, body: { json: { a: 1 } }, deadline: noDeadline });
    await http.send({ ...common, body: { form: { panNo: 'ABCPE1234F', PosCode: 'P 1' } }, deadline: noDeadline });
    await http.send({ ...common, body: { text: '<a>1</a>', contentType: 'text/xml; charset=utf-8' }, deadline: noDeadline });
    expect(seen).toEqual([
      { type: 'application/json', body: '{"a":1}' },
      { type: 'application/x-www-form-urlencoded', body: 'panNo=ABCPE1234F&PosCode=P+1' },
      { type: 'text/xml; charset=utf-8', body: '<a>1</a>' },
    ]);
    expect({ status: answer.status, ok: answer.ok, type: answer.contentType, json: answer.json(), text: answer.text() }).toEqual({
      status: 200,
      ok: true,
      type: 'application/json',
      json: { ok: true },
      text: '{"ok":true}',
    });
  });

  it('answers every status; a body that is not JSON reads as undefined', async () => {
    const base = await peer((_req, res) => res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable'));
    const answer = await http.send({ method: 'GET', url: base, what: 'a test call', timeoutMs: 2_000, deadline: noDeadline });
    expect({ status: answer.status, ok: answer.ok, json: answer.json(), text: answer.text() }).toEqual({ status: 503, ok: false, json: undefined, text: 'Service Unavailable' });
  });

  it('refuses an answer over its size cap, streamed or declared', async () => {
    const base = await peer((req, res) => {
      if (req.url === '/declared') res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
      else {
        res.writeHead(200);
        res.write('x'.repeat(3000));
        res.end('y'.repeat(3000));
      }
    });
    for (const path of ['/declared', '/streamed']) {
      await expect(http.send({ method: 'GET', url: `${base}${path}`, what: 'lookup of AB*******F', timeoutMs: 2_000, maxBytes: 4_000, deadline: noDeadline })).rejects.toThrow(
        new ProviderError('acme', 'lookup of AB*******F failed: answer too large'),
      );
    }
  });

  it("gives up at the request's deadline, not the call's own longer timeout, in words without the request's data", async () => {
    const base = await peer(() => {
      // never answers
    });
    const started = performance.now();
    const call = http.send({ method: 'POST', url: base, what: 'lookup of AB*******F', timeoutMs: 10_000, deadline: performance.now() + 300, body: { json: { pan: 'ABCPE1234F' } } });
    const error = await call.catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toMatch(/^acme: lookup of AB\*{7}F failed: timed out after (2\d\d|300) ms$/);
    expect((error as ProviderError).message).not.toContain('ABCPE1234F');
    expect((error as ProviderError).retryable).toBe(true);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('gives up on an answer that starts and never ends, and the next call gets a fresh connection', async () => {
    const base = await peer((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/stalls') res.writeHead(200).write('{"partial":');
      else res.end('{"ok":true}');
    });
    const started = performance.now();
    const error = await http.send({ method: 'GET', url: `${base}/stalls`, what: 'a call', timeoutMs: 300, deadline: noDeadline }).catch((failure: unknown) => failure);
    expect(String(error)).toBe('ProviderError: acme: a call failed: timed out after 300 ms');
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await http.send({ method: 'GET', url: `${base}/fine`, what: 'a call', timeoutMs: 2_000, deadline: noDeadline })).json()).toEqual({ ok: true });
  });

  it('an unreachable vendor: ProviderError naming the cause, retryable', async () => {
    const base = await peer(() => {});
    closers.splice(0).forEach((close) => void close());
    await new Promise((resolve) => setTimeout(resolve, 50));
    const error = await http.send({ method: 'GET', url: base, what: 'a call', timeoutMs: 2_000, deadline: noDeadline }).catch((failure: unknown) => failure);
    expect(String(error)).toBe('ProviderError: acme: a call failed: unreachable (ECONNREFUSED)');
  });

  it('reuses a kept-alive connection, and sends once more on a new one when the vendor closed it while idle', async () => {
    const connections: number[] = [];
    let served = 0;
    const server = createServer((_request, response) => {
      served += 1;
      response.setHeader('content-type', 'application/json');
      response.end('{"ok":true}');
    });
    server.on('connection', (socket) => {
      connections.push(connections.length + 1);
      // The vendor drops the first connection when its next request arrives, as an idle timeout would, unanswered.
      if (connections.length === 1) socket.once('data', () => socket.once('data', () => socket.destroy()));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const call = () => http.send({ method: 'POST', url, body: { json: { n: 1 } }, what: 'a call', timeoutMs: 2_000, deadline: noDeadline });
    expect((await call()).json()).toEqual({ ok: true });
    expect((await call()).json()).toEqual({ ok: true });
    expect((await call()).json()).toEqual({ ok: true });
    // The first connection served one call; its second went on a new connection, which the third reused.
    expect(connections).toEqual([1, 2]);
    expect(served).toBe(3);
  });

  it('textOf tidies strings and ignores anything else', () => {
    expect([textOf('  HDFC \n Bank '), textOf(12), textOf(null)]).toEqual(['HDFC Bank', '', '']);
  });
});

describe('ProviderError.retryable', () => {
  it.each([
    [undefined, true],
    [500, true],
    [503, true],
    [429, true],
    [400, false],
    [401, false],
    [404, false],
  ])('status %s: %s', (status, retryable) => {
    expect(new ProviderError('acme', 'x', status).retryable).toBe(retryable);
  });
});

describe('provider-stats: the last hour per capability and vendor', () => {
  it('counts calls and errors, keeps the last success and error, and a p95 from the histogram', () => {
    let now = Date.UTC(2026, 0, 15, 10, 0, 0);
    const stats = createProviderStats(() => now);
    for (let i = 1; i <= 100; i += 1) stats.record({ capability: 'kra', vendor: 'cams', ok: i % 10 !== 0, ms: i, ...(i % 10 === 0 ? { error: `cams: failure ${i}` } : {}) });
    const [figures] = stats.figures();
    expect(figures).toMatchObject({ capability: 'kra', vendor: 'cams', calls: 100, errors: 10, errorRate: 0.1, lastSuccessAt: '2026-01-15T10:00:00.000Z' });
    expect(figures?.lastError).toEqual({ at: '2026-01-15T10:00:00.000Z', message: 'cams: failure 100' });
    // The 95th of 1..100 ms is 95 ms; the histogram answers its bucket's upper bound, within 10%.
    expect(figures?.p95Ms).toBeGreaterThanOrEqual(95);
    expect(figures?.p95Ms).toBeLessThanOrEqual(105);
    now += 61 * 60_000;
    stats.record({ capability: 'kra', vendor: 'cams', ok: true, ms: 7 });
    expect(stats.figures()[0]).toMatchObject({ calls: 1, errors: 0, errorRate: 0, lastError: { message: 'cams: failure 100' } });
  });

  it('names expected providers with no calls yet', () => {
    const stats = createProviderStats(() => 0);
    expect(stats.figures([{ capability: 'sms', vendor: 'msg91' }])).toEqual([
      { capability: 'sms', vendor: 'msg91', calls: 0, errors: 0, errorRate: 0, p95Ms: null, lastSuccessAt: null, lastError: null },
    ]);
  });

  it('instrumentClient times each asynchronous method, a rejection as a failure with its message', async () => {
    const calls: { ok: boolean; error?: string }[] = [];
    const client = instrumentClient(
      { name: 'acme', ok: async () => 'yes', fail: async () => Promise.reject(new ProviderError('acme', 'down')), plain: () => 3 },
      ({ ok, error }) => calls.push({ ok, ...(error ? { error } : {}) }),
    );
    expect(await client.ok()).toBe('yes');
    await expect(client.fail()).rejects.toThrow('acme: down');
    expect(client.plain()).toBe(3);
    expect(client.name).toBe('acme');
    expect(calls).toEqual([{ ok: true }, { ok: false, error: 'acme: down' }]);
  });
});

/** A vendor of the test's own, to drive the foundation with: its simulator echoes what it was sent. */
type KraVendor = VendorDefinition<CapabilityClients['kra'], CapabilityControls['kra']>;
const echoVendor: KraVendor = {
  capability: 'kra',
  vendor: 'echo',
  title: 'Echo',
  docs: [],
  variables: [
    { name: 'ECHO_URL', required: true, meaning: 'base URL' },
    { name: 'ECHO_KEY', required: true, secret: true, meaning: 'key' },
    { name: 'ECHO_MODE', default: 'fast', required: false, meaning: 'mode' },
  ],
  create: () => ({ name: 'echo', lookup: async () => ({ status: 'not_found' as const }) }),
  simulator: {
    routes: (deps: SimulatorDeps) => async (app) => {
      app.post('/echo', async (request) => ({ body: request.body, delay: deps.delayMs }));
    },
    settings: (baseUrl) => ({ ECHO_URL: baseUrl, ECHO_KEY: 'sim-key' }),
  },
};
const secondVendor: KraVendor = { ...echoVendor, vendor: 'second', title: 'Second', variables: [{ name: 'SECOND_KEY', required: true, meaning: 'key' }] };
const testRegistry: Registry = { ...registry, kra: { ...registry.kra, vendors: [echoVendor, secondVendor] } };

describe('choose-providers: the environment -> one choice per capability', () => {
  it('nothing set outside production: the first vendor, simulated', () => {
    expect(chooseProviders({}, false, testRegistry).kra).toEqual({ mode: 'simulator', vendor: echoVendor });
  });

  it('the vendor variable set: that vendor live, with its settings, defaults applied and blanks unset', () => {
    const choice = chooseProviders({ KRA_VENDOR: 'echo', ECHO_URL: 'https://echo.example', ECHO_KEY: ' k ', ECHO_MODE: ' ' }, false, testRegistry).kra;
    expect(choice).toEqual({ mode: 'live', vendor: echoVendor, settings: { ECHO_URL: 'https://echo.example', ECHO_KEY: 'k', ECHO_MODE: 'fast' } });
  });

  it.each([
    [{ KRA_VENDOR: 'echo', ECHO_URL: 'https://echo.example' }, false, 'KRA_VENDOR=echo needs ECHO_KEY'],
    [{ KRA_VENDOR: 'nope' }, false, 'KRA_VENDOR=nope is not a vendor of KRA (PAN check): echo, second'],
    [{}, true, 'KRA (PAN check): production needs a vendor: KRA_VENDOR=echo (ECHO_URL, ECHO_KEY) or KRA_VENDOR=second (SECOND_KEY)'],
    [{ SECOND_KEY: 'x' }, false, 'SECOND_KEY is set but KRA_VENDOR is not second: set KRA_VENDOR=second to use it, or unset it'],
    [{ PAN_KRA_URL: 'https://kra.example' }, false, 'PAN_KRA_URL is no longer read: KRA (PAN check) is chosen by KRA_VENDOR=echo (ECHO_URL, ECHO_KEY) or KRA_VENDOR=second (SECOND_KEY)'],
  ])('%j (production %s): stops the start with "%s"', (env, production, problem) => {
    const error = (() => {
      try {
        chooseProviders(env, production, testRegistry);
        return undefined;
      } catch (failure) {
        return failure;
      }
    })();
    expect(error).toBeInstanceOf(ProviderSettingsError);
    expect((error as ProviderSettingsError).problems).toContain(problem);
  });

  it('every retired variable is refused naming its replacement, all at once', () => {
    const env = { SMS_GATEWAY_URL: 'x', PENNY_DROP_URL: 'y', AA_BASE_URL: 'z' };
    expect(() => chooseProviders(env, false)).toThrow(ProviderSettingsError);
    try {
      chooseProviders(env, false);
    } catch (error) {
      expect((error as ProviderSettingsError).problems.map((problem) => problem.split(':')[0])).toEqual(['PENNY_DROP_URL is no longer read', 'SMS_GATEWAY_URL is no longer read', 'AA_BASE_URL is no longer read']);
    }
  });

  it('providerVariableNames: every vendor variable, vendor switch and retired name', () => {
    expect(providerVariableNames(testRegistry)).toEqual(expect.arrayContaining(['KRA_VENDOR', 'ECHO_URL', 'ECHO_KEY', 'ECHO_MODE', 'SECOND_KEY', 'PAN_KRA_URL', 'SMS_VENDOR']));
  });
});

describe('simulators.ts: each vendor under /<capability>/<vendor> on a loopback server of its own', () => {
  it('serves the vendor routes, parses forms, and gives the settings that point the client there', async () => {
    const deps = { delayMs: 0 } as SimulatorDeps;
    const definition = echoVendor as VendorDefinition;
    const running = await startSimulators([{ definition, deps }]);
    closers.push(() => running.close());
    expect(running.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const settings = running.settings.get(definition);
    expect(settings).toEqual({ ECHO_URL: `${running.baseUrl}/${echoVendor.capability}/echo`, ECHO_KEY: 'sim-key' });
    const answer = await createHttp('echo').send({ method: 'POST', url: `${settings?.ECHO_URL}/echo`, what: 'echo', timeoutMs: 2_000, body: { form: { a: '1' } }, deadline: noDeadline });
    expect(answer.json()).toEqual({ body: { a: '1' }, delay: 0 });
    await running.close();
    await expect(fetch(`${settings?.ECHO_URL}/echo`, { method: 'POST' })).rejects.toThrow();
  });
});

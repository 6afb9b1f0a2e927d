import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpSmsProvider } from '../../server/providers/http-sms';
import { ProviderError } from '../../server/providers/provider-error';

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

/** A real HTTP gateway on 127.0.0.1 that records each request and answers with `reply`. */
async function startGateway(reply: Reply): Promise<{ base: string; requests: Captured[] }> {
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

const json = (status: number, body: object): Reply => (res) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

async function failure(promise: Promise<void>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const otp = { channel: 'sms' as const, to: '9876543210', text: 'Your Onboard OTP is 4821', code: '4821' };

describe('HTTP SMS provider', () => {
  it('POSTs JSON {to: +91…, sender, text} with a Bearer token to the configured path', async () => {
    const { base, requests } = await startGateway(json(202, { id: 'msg-1' }));
    const provider = createHttpSmsProvider({ url: `${base}/v1/sms/send`, token: 'gw-token-123', senderId: 'BRKONB' });
    expect(provider.name).toBe('http-sms');
    await provider.send(otp);

    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v1/sms/send');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.authorization).toBe('Bearer gw-token-123');
    expect(request?.body).toEqual({ to: '+919876543210', sender: 'BRKONB', text: 'Your Onboard OTP is 4821' });
  });

  it('sends no Authorization header without a token, and the default sender id', async () => {
    const { base, requests } = await startGateway((res) => res.writeHead(204).end());
    await createHttpSmsProvider({ url: `${base}/sms` }).send(otp);
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(requests[0]?.body).toMatchObject({ sender: 'ONBORD' });
  });

  it.each([500, 401, 429])('turns a %i from the gateway into a ProviderError with the status only', async (status) => {
    const { base } = await startGateway(json(status, { error: 'failed for +919876543210: Your Onboard OTP is 4821' }));
    const error = await failure(createHttpSmsProvider({ url: `${base}/sms`, token: 't' }).send(otp));
    expect(error.status).toBe(status);
    expect(error.message).toBe(`http-sms: sms to 98******10 failed: gateway answered ${status}`);
    expect(error.message).not.toContain('9876543210');
    expect(error.message).not.toContain('4821');
  });

  it('gives up after timeoutMs when the gateway does not answer', async () => {
    const { base, requests } = await startGateway(() => {
      /* never answers */
    });
    const started = performance.now();
    const error = await failure(createHttpSmsProvider({ url: `${base}/sms`, timeoutMs: 150 }).send(otp));
    expect(error.message).toBe('http-sms: sms to 98******10 failed: timed out after 150 ms');
    expect(error.status).toBeUndefined();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(requests).toHaveLength(1);
  });

  it('turns a refused connection into a ProviderError', async () => {
    const { base } = await startGateway(json(200, {}));
    await cleanups.pop()?.();
    const error = await failure(createHttpSmsProvider({ url: `${base}/sms` }).send(otp));
    expect(error.message).toBe('http-sms: sms to 98******10 failed: gateway unreachable (ECONNREFUSED)');
  });

  it('rejects bad numbers, email messages and bad gateway URLs without calling the gateway', async () => {
    const { base, requests } = await startGateway(json(200, {}));
    const provider = createHttpSmsProvider({ url: `${base}/sms` });
    expect((await failure(provider.send({ ...otp, to: '+919876543210' }))).message).toMatch(/invalid sms destination/);
    expect((await failure(provider.send({ channel: 'email', to: 'a@b.co', text: 'x' }))).message).toMatch(
      /cannot send email messages, only sms/,
    );
    expect(requests).toHaveLength(0);
    expect(() => createHttpSmsProvider({ url: 'not a url' })).toThrow(ProviderError);
    expect(() => createHttpSmsProvider({ url: 'ftp://gateway.example/sms' })).toThrow(/must be http or https/);
  });
});

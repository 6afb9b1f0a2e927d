import { describe, expect, it } from 'vitest';
import { createHttpSmsProvider } from '../../server/providers/http-sms';
import { ProviderError } from '../../server/providers/provider-error';
import { json, startHttpPeer } from './http-peer';


async function failure(promise: Promise<void>): Promise<ProviderError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

const otp = { channel: 'sms' as const, to: '9876543210', text: 'Your Onboard OTP is 4821', code: '4821' };

describe('HTTP SMS provider', () => {
  it('POSTs JSON {to: +91…, sender, text} with a Bearer token to the configured path', async () => {
    const { base, requests } = await startHttpPeer(json(202, { id: 'msg-1' }));
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
    const { base, requests } = await startHttpPeer((res) => res.writeHead(204).end());
    await createHttpSmsProvider({ url: `${base}/sms` }).send(otp);
    expect(requests[0]?.headers.authorization).toBeUndefined();
    expect(requests[0]?.body).toMatchObject({ sender: 'ONBORD' });
  });

  it.each([500, 401, 429])('turns a %i from the gateway into a ProviderError with the status only', async (status) => {
    const { base } = await startHttpPeer(json(status, { error: 'failed for +919876543210: Your Onboard OTP is 4821' }));
    const error = await failure(createHttpSmsProvider({ url: `${base}/sms`, token: 't' }).send(otp));
    expect(error.status).toBe(status);
    expect(error.message).toBe(`http-sms: sms to 98******10 failed: gateway answered ${status}`);
    expect(error.message).not.toContain('9876543210');
    expect(error.message).not.toContain('4821');
  });

  it('gives up after timeoutMs when the gateway does not answer', async () => {
    const { base, requests } = await startHttpPeer(() => {
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
    const { base, close } = await startHttpPeer(json(200, {}));
    await close();
    const error = await failure(createHttpSmsProvider({ url: `${base}/sms` }).send(otp));
    expect(error.message).toBe('http-sms: sms to 98******10 failed: gateway unreachable (ECONNREFUSED)');
  });

  it('rejects bad numbers, email messages and bad gateway URLs without calling the gateway', async () => {
    const { base, requests } = await startHttpPeer(json(200, {}));
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

import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/api-error';
import { createApiClient } from '../../src/api/create-api-client';
import { defaultBundle } from '../../src/config/bundle';
import { adapterFrom, errorReply, type FakeRequest, type Reply } from './support/adapter';

const { messages } = defaultBundle;

function clientAnswering(reply: Reply, token: string | null = 'tok-1') {
  const seen: FakeRequest[] = [];
  const hooks = { onUnauthorized: vi.fn(), onOutOfSync: vi.fn() };
  const api = createApiClient({
    messages,
    getToken: () => token,
    ...hooks,
    adapter: adapterFrom((request) => {
      seen.push(request);
      return reply;
    }),
  });
  return { api, seen, ...hooks };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('api client: request shape', () => {
  it('sends the token as x-access-token, with credentials, a 15 s timeout and the /api base', async () => {
    const { api, seen } = clientAnswering({ status: 200, body: { ok: true } });
    await expect(api.get('/user')).resolves.toEqual({ ok: true });
    const [request] = seen;
    expect(request?.headers['x-access-token']).toBe('tok-1');
    expect(request?.config.withCredentials).toBe(true);
    expect(request?.config.timeout).toBe(15_000);
    expect(request?.config.baseURL).toBe('/api');
  });

  it('sends no token header before sign-in', async () => {
    const { api, seen } = clientAnswering({ status: 200, body: {} }, null);
    await api.post('/login', { phone: '9876543210' });
    expect(seen[0]?.headers['x-access-token']).toBeUndefined();
  });
});

describe('api client: the error catalogue of spec section 8', () => {
  it('401 clears the session through onUnauthorized', async () => {
    const { api, onUnauthorized, onOutOfSync } = clientAnswering(errorReply(401, 'unauthorized'));
    const error = await failure(api.get('/user'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onOutOfSync).not.toHaveBeenCalled();
  });

  it("400 'please complete previous steps' reads 'Page out of sync, please retry' and triggers the refresh", async () => {
    const { api, onOutOfSync } = clientAnswering(errorReply(400, 'please complete previous steps'));
    const error = await failure(api.post('/user/add-email', { email: 'a@b.in' }));
    expect(error.message).toBe('Page out of sync, please retry');
    expect(error.status).toBe(400);
    expect(onOutOfSync).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['timeout', 408],
    ['network', 503],
  ] as const)("no response (%s) is 'Server timed out' with status %i", async (fail, status) => {
    const { api } = clientAnswering({ fail });
    const error = await failure(api.get('/user'));
    expect(error.message).toBe('Server timed out');
    expect(error.status).toBe(status);
  });

  it.each([
    [429, 'request too early', 'Please wait for some time before requesting again'],
    [400, 'max attempts reached', 'OTP has expired. Please request for a new OTP'],
    [400, 'some server words', 'some server words'],
    [500, '', 'Something went wrong! Try again.'],
  ])('%i %j is shown as %j', async (status, serverMessage, shown) => {
    const { api, onUnauthorized, onOutOfSync } = clientAnswering(errorReply(status, serverMessage));
    const error = await failure(api.post('/resend-mobile-otp', {}));
    expect(error.message).toBe(shown);
    expect(error.serverMessage).toBe(serverMessage);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onOutOfSync).not.toHaveBeenCalled();
  });

  it('keeps Retry-After on a 429', async () => {
    const { api } = clientAnswering(errorReply(429, 'too many requests', { 'retry-after': '42' }));
    const error = await failure(api.post('/login', {}));
    expect(error.retryAfter).toBe(42);
    expect(error.message).toBe('Too many attempts, please try again later');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { takePrefetchedUser } from '../../src/api/prefetched-user';
import type { UserResponse } from '../../core/api/types';

const answer = { user: { phone: '9876543210', nextStep: 'completed' } } as unknown as UserResponse;

function leaveRequest(token: string, language: string, response: Promise<Response>): void {
  window.onboardUserRequest = { token, language, response };
}

afterEach(() => {
  delete window.onboardUserRequest;
});

describe("the boot script's request for the applicant", () => {
  it('gives its answer to the app that would ask with the same token and language, once', async () => {
    leaveRequest('token-1', 'en', Promise.resolve(new Response(JSON.stringify(answer), { status: 200 })));
    expect(await takePrefetchedUser('token-1', 'en')).toEqual(answer);
    expect(await takePrefetchedUser('token-1', 'en')).toBeUndefined();
  });

  it('is not taken for another token or another language (the app asks itself)', async () => {
    leaveRequest('token-1', 'en', Promise.resolve(new Response(JSON.stringify(answer), { status: 200 })));
    expect(await takePrefetchedUser('token-2', 'en')).toBeUndefined();
    leaveRequest('token-1', 'en', Promise.resolve(new Response(JSON.stringify(answer), { status: 200 })));
    expect(await takePrefetchedUser('token-1', 'hi')).toBeUndefined();
    expect(await takePrefetchedUser(null, 'en')).toBeUndefined();
  });

  it('leaves a refusal or a failure to the API client: a 401 or a network error gives nothing', async () => {
    leaveRequest('token-1', 'en', Promise.resolve(new Response('{"message":"Unauthorized"}', { status: 401 })));
    expect(await takePrefetchedUser('token-1', 'en')).toBeUndefined();
    leaveRequest('token-1', 'en', Promise.reject(new TypeError('Failed to fetch')));
    expect(await takePrefetchedUser('token-1', 'en')).toBeUndefined();
  });
});

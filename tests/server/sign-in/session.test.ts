import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, UserResponse } from '../../../core/api/types';
import { journey } from '../../../core/engine/flow';
import { defaultConfigDir, loadConfig } from '../../../server/config/load-config';
import { readLanguages } from '../../../server/config/languages';
import { type TestApp, auth, get, minutes, post, signIn, startTestApp } from '../helpers';
import { applicantAt } from '../step-fixtures';

// The first journey steps as flow.json orders them: sign-in, then the two after it.
const [first, second, third] = journey(loadConfig().flow) as [string, string, string];

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const getUser = (token: string) => get(t.app, '/api/user', auth(token));

function expectUnauthorized(response: { statusCode: number; json: <T>() => T }): void {
  expect(response.statusCode).toBe(401);
  expect(response.json<ApiErrorBody>().message).toBe('unauthorized');
}

describe('GET /api/user', () => {
  it('returns the UserDetails shape with nulls and empty defaults', async () => {
    const { token, phone, user } = await signIn(t);
    const response = await getUser(token);
    expect(response.statusCode).toBe(200);
    const shown = response.json<UserResponse>().user as unknown as Record<string, unknown>;
    const core = {
      id: user.id,
      phone,
      email: null,
      name: null,
      pan: null,
      dateOfBirth: null,
      currentStep: first,
      nextStep: second,
      gender: null,
      maritalStatus: null,
      occupation: null,
      incomeSegment: null,
      tradingExperience: null,
      fatherName: null,
      motherName: null,
      segments: [],
      rejectedSteps: {},
      rectifyBy: null,
      // The status page's reference (the id's first eight hex digits); nothing submitted, so no review date yet.
      reference: user.id.replace(/-/g, '').slice(0, 8).toUpperCase(),
      reviewBy: null,
      correctionsReceived: false,
      // Signed up without Accept-Language: the default language is kept with them.
      language: readLanguages(defaultConfigDir).default,
    };
    expect(shown).toMatchObject(core);
    // Any other field is a question of a step added by config (flow.json "schema"): empty until answered.
    for (const field of Object.keys(shown).filter((key) => !(key in core))) expect([null, []]).toContainEqual(shown[field]);
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it.each([
    ['no token', {}],
    ['an unknown token', { 'x-access-token': 'x'.repeat(43) }],
    ['an empty token', { 'x-access-token': '' }],
    ['a huge token', { 'x-access-token': 'y'.repeat(10_000) }],
  ])('answers 401 "unauthorized" with %s', async (_label, headers) => {
    expectUnauthorized(await get(t.app, '/api/user', { headers }));
  });

  it('does not accept the verify token as an auth token', async () => {
    const { phone } = await signIn(t);
    const verifyToken = (await post(t.app, '/api/login', { phone })).json<{ token: string }>().token;
    expectUnauthorized(await getUser(verifyToken));
  });
});

describe('session expiry and logout', () => {
  it('ends after 60 idle minutes', async () => {
    const { token } = await signIn(t);
    t.clock.advance(minutes(59));
    expect((await getUser(token)).statusCode).toBe(200);
    t.clock.advance(minutes(59));
    expect((await getUser(token)).statusCode).toBe(200);
    t.clock.advance(minutes(60));
    expectUnauthorized(await getUser(token));
  });

  it('ends 12 hours after sign-in however busy', async () => {
    const { token } = await signIn(t);
    for (let step = 0; step < 13; step += 1) {
      t.clock.advance(minutes(55));
      expect((await getUser(token)).statusCode).toBe(200);
    }
    t.clock.advance(minutes(12 * 60 - 13 * 55) - 1);
    expect((await getUser(token)).statusCode).toBe(200);
    t.clock.advance(1);
    expectUnauthorized(await getUser(token));
  });

  it('logout revokes the token: the old token then gets 401; other sessions live on', async () => {
    const first = await signIn(t);
    const second = await signIn(t, first.phone);
    const logout = await post(t.app, '/api/logout', undefined, auth(first.token));
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Logged out' });
    expectUnauthorized(await getUser(first.token));
    expectUnauthorized(await post(t.app, '/api/logout', {}, auth(first.token)));
    expect((await getUser(second.token)).statusCode).toBe(200);
  });

  it('session limits come from options', async () => {
    const short = await startTestApp({ limits: { sessionIdleMs: minutes(5) } });
    try {
      const { token } = await signIn(short);
      short.clock.advance(minutes(5));
      expect((await get(short.app, '/api/user', auth(token))).statusCode).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('POST /api/user/set-previous', () => {
  const setPrevious = (token: string) => post(t.app, '/api/user/set-previous', {}, auth(token));

  it('never moves before the second journey step', async () => {
    const { token } = await signIn(t);
    const response = await setPrevious(token);
    expect(response.statusCode).toBe(200);
    expect(response.json<UserResponse>().user).toMatchObject({ currentStep: first, nextStep: second });
  });

  it('moves nextStep back one journey step and currentStep to the one before it', async () => {
    const { token } = await applicantAt(t, third, {}, second);
    const response = await setPrevious(token);
    expect(response.json<UserResponse>().user).toMatchObject({ currentStep: first, nextStep: second });
    const again = await setPrevious(token);
    expect(again.json<UserResponse>().user).toMatchObject({ currentStep: first, nextStep: second });
  });

  it('accepts no body and rejects unknown properties', async () => {
    const { token } = await signIn(t);
    expect((await post(t.app, '/api/user/set-previous', undefined, auth(token))).statusCode).toBe(200);
    expect((await post(t.app, '/api/user/set-previous', { step: 'x' }, auth(token))).statusCode).toBe(400);
    expectUnauthorized(await post(t.app, '/api/user/set-previous', {}));
  });
});

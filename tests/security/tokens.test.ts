import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits } from '../../server/limits';
import { type TestApp, auth, get, minutes, post, requestOtp, signIn, startTestApp } from '../server/helpers';

/** Token revocation (issue 19): a token stops working at logout, after the idle time and at the session's end. */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function expectRevoked(token: string): Promise<void> {
  for (const answer of [
    await get(t.app, '/api/user', auth(token)),
    await post(t.app, '/api/user/set-previous', {}, auth(token)),
    await post(t.app, '/api/user/add-email', { email: 'late@example.com' }, auth(token)),
    await post(t.app, '/api/logout', {}, auth(token)),
  ]) {
    expect({ status: answer.statusCode, message: answer.json<{ message: string }>().message }).toEqual({ status: 401, message: 'unauthorized' });
  }
}

describe('tokens', () => {
  it('logout revokes the token on every route; another session of the same applicant stays', async () => {
    const first = await signIn(t);
    const second = await signIn(t, first.phone);
    expect((await post(t.app, '/api/logout', {}, auth(first.token))).statusCode).toBe(200);
    await expectRevoked(first.token);
    expect((await get(t.app, '/api/user', auth(second.token))).statusCode).toBe(200);
  });

  it('an idle session ends', async () => {
    const { token } = await signIn(t);
    t.clock.advance(defaultLimits.sessionIdleMs);
    await expectRevoked(token);
  });

  it('a busy session still ends at its maximum age', async () => {
    const { token } = await signIn(t);
    for (let elapsed = 0; elapsed < defaultLimits.sessionMaxMs; elapsed += minutes(30)) {
      expect((await get(t.app, '/api/user', auth(token))).statusCode).toBe(200);
      t.clock.advance(minutes(30));
    }
    await expectRevoked(token);
  });

  it('a verify token, or a made-up token, is not an access token', async () => {
    const verifyToken = await requestOtp(t.app, (await signIn(t)).phone);
    await expectRevoked(verifyToken);
    await expectRevoked('A'.repeat(43));
  });
});

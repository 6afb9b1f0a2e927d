import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, minutes, type TestApp } from '../helpers';
import { addReviewer, opsToken, reviewApplicant, reviewerLogin, reviewerVerify, startOpsApp } from '../ops-fixtures';

/**
 * Issue 32: one sign-in for all of a reviewer's tabs: the session is an HttpOnly, SameSite=Strict cookie on /api/ops
 * that lives no longer than the session; a cookie-signed change needs the console's header; sign-out ends it in every
 * tab; the send caps' refusal says how long to wait.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

let counter = 0;
const newEmail = () => `tabs.${(counter += 1)}@broker.test`;

async function signInByCookie(email: string, role = 'reviewer'): Promise<{ cookie: string; setCookie: string }> {
  await addReviewer(t, email, role);
  const verifyToken = await reviewerLogin(t, email);
  const response = await reviewerVerify(t, email, verifyToken, await latestCode(t.app, email));
  expect(response.statusCode).toBe(200);
  const setCookie = String(response.headers['set-cookie']);
  return { cookie: setCookie.split(';')[0] ?? '', setCookie };
}

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('the console session cookie', () => {
  it('is HttpOnly, SameSite=Strict, Secure (PUBLIC_URL is https), on /api/ops only, and lives as long as a session at most (10 hours)', async () => {
    const { setCookie } = await signInByCookie(newEmail());
    expect(setCookie).toMatch(/^onboard_ops_session=[^;]{20,}; Path=\/api\/ops; Max-Age=36000; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('signs in any tab (no Bearer token) to read; a change needs the console header too', async () => {
    const email = newEmail();
    const { cookie } = await signInByCookie(email);
    const me = await call('GET', '/api/ops/me', { cookie });
    expect(me.json()).toEqual({ actor: email, role: 'reviewer' });
    const applicant = await reviewApplicant(t);
    const decision = `/api/ops/applications/${applicant.id}/decision`;
    expect((await call('POST', decision, { cookie }, { action: 'approve' })).statusCode).toBe(401);
    const approved = await call('POST', decision, { cookie, 'x-onboard-ops': '1' }, { action: 'approve' });
    expect(approved.statusCode).toBe(200);
  });

  it('never carries the machine token, and ends everywhere at sign-out', async () => {
    expect((await call('GET', '/api/ops/me', { cookie: `onboard_ops_session=${opsToken}` })).statusCode).toBe(401);
    const { cookie } = await signInByCookie(newEmail());
    const out = await call('POST', '/api/ops/logout', { cookie, 'x-onboard-ops': '1' }, {});
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^onboard_ops_session=; Path=\/api\/ops; Max-Age=0; HttpOnly; SameSite=Strict; Secure$/);
    expect((await call('GET', '/api/ops/me', { cookie })).statusCode).toBe(401);
  });

  it('ends after 30 minutes idle like the Bearer session it is', async () => {
    const { cookie } = await signInByCookie(newEmail());
    t.clock.advance(minutes(31));
    expect((await call('GET', '/api/ops/me', { cookie })).statusCode).toBe(401);
  });
});

describe('too many sign-ins', () => {
  it('the refusal carries Retry-After: the seconds until the oldest code leaves the 15-minute window', async () => {
    const email = newEmail();
    await addReviewer(t, email, 'reviewer');
    for (let i = 0; i < 5; i += 1) {
      await reviewerLogin(t, email);
      t.clock.advance(minutes(1));
    }
    const sixth = await t.app.inject({ method: 'POST', url: '/api/ops/login', payload: { email } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBe(String(10 * 60));
  });
});

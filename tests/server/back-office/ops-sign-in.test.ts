import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsMe, OpsReviewerList, OpsSignedIn } from '../../../core/api/types';
import { type TestApp, auth, get, latestCode, minutes, outbox, signIn } from '../helpers';
import { addReviewer, bearer, emailsTo, opsCall, reviewerLogin, reviewerVerify, signInReviewer, startOpsApp } from '../ops-fixtures';

/** Reviewers sign in by email OTP in a session space of their own (issue 17). */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

let counter = 0;
const newEmail = (name = 'reviewer') => `${name}.${(counter += 1)}@broker.test`;
const me = (token: string) => opsCall<OpsMe>(t, 'GET', '/api/ops/me', undefined, bearer(token));
const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

describe('POST /api/ops/login and /api/ops/verify-otp', () => {
  it('emails a 6-digit code; the code and the verify token give a session token that opens the ops API in its role', async () => {
    const email = newEmail();
    await addReviewer(t, email, 'reviewer');
    const login = await t.app.inject({ method: 'POST', url: '/api/ops/login', payload: { email: email.toUpperCase() } });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ token: expect.any(String), message: 'OTP sent' });
    const [message] = await outbox(t.app, email);
    expect(message).toMatchObject({ channel: 'email', code: expect.stringMatching(/^\d{6}$/) });
    expect((await emailsTo(t, email))[0]?.subject).toBe('Your Onboard back-office sign-in code');
    expect(message?.text).toContain(`Your sign-in code for the Onboard back office is ${message?.code}. It is valid for 10 minutes.`);
    const verified = await reviewerVerify(t, email, login.json<{ token: string }>().token, message?.code ?? '');
    expect(verified.statusCode).toBe(200);
    const signedIn = verified.json<OpsSignedIn>();
    expect(signedIn.reviewer).toEqual({ email, role: 'reviewer' });
    expect((await me(signedIn.token)).body).toEqual({ actor: email, role: 'reviewer' });
    expect((await opsCall(t, 'GET', '/api/ops/applications', undefined, bearer(signedIn.token))).status).toBe(200);
  });

  it('a code is single use, wrong codes run out, and an expired code is refused (the applicants\' rules)', async () => {
    const email = newEmail();
    await addReviewer(t, email, 'reviewer');
    const used = await reviewerLogin(t, email);
    const code = await latestCode(t.app, email);
    expect((await reviewerVerify(t, email, used, code)).statusCode).toBe(200);
    expect((await reviewerVerify(t, email, used, code)).json()).toMatchObject({ statusCode: 400, message: 'otp already used' });

    const guessed = await reviewerLogin(t, email);
    const fresh = await latestCode(t.app, email);
    for (let i = 0; i < 4; i += 1) expect((await reviewerVerify(t, email, guessed, wrong(fresh))).json()).toMatchObject({ message: 'invalid otp' });
    expect((await reviewerVerify(t, email, guessed, wrong(fresh))).json()).toMatchObject({ message: 'max attempts reached' });
    expect((await reviewerVerify(t, email, guessed, fresh)).json()).toMatchObject({ message: 'max attempts reached' });

    const late = await reviewerLogin(t, email);
    const lateCode = await latestCode(t.app, email);
    t.clock.advance(minutes(10));
    expect((await reviewerVerify(t, email, late, lateCode)).json()).toMatchObject({ statusCode: 400, message: 'otp expired' });
  });

  it('an unknown or disabled address gets a token but no email, and no code opens it', async () => {
    const stranger = newEmail('stranger');
    const token = await reviewerLogin(t, stranger);
    expect(await outbox(t.app, stranger)).toEqual([]);
    expect((await reviewerVerify(t, stranger, token, '123456')).json()).toMatchObject({ statusCode: 400, message: 'invalid otp' });

    const leaver = newEmail('leaver');
    await addReviewer(t, leaver, 'reviewer');
    await opsCall(t, 'POST', '/api/ops/reviewers/disable', { email: leaver });
    await reviewerLogin(t, leaver);
    expect(await outbox(t.app, leaver)).toEqual([]);
  });

  it('a verify token only works for its own address, and an applicant\'s verify token never signs a reviewer in', async () => {
    const email = newEmail();
    const other = newEmail();
    await addReviewer(t, email, 'reviewer');
    await addReviewer(t, other, 'reviewer');
    const token = await reviewerLogin(t, email);
    expect((await reviewerVerify(t, other, token, await latestCode(t.app, email))).statusCode).toBe(401);
    const applicantVerify = (await t.app.inject({ method: 'POST', url: '/api/signup', payload: { phone: '9123400001' } })).json<{ token: string }>().token;
    expect((await reviewerVerify(t, email, applicantVerify, '123456')).statusCode).toBe(401);
    expect((await reviewerVerify(t, email, '', '123456')).statusCode).toBe(401);
  });

  it.each([
    ['no email', {}, 'email must be an email address'],
    ['not an email', { email: 'reviewer' }, 'email must be an email address'],
    ['an extra field', { email: 'a@broker.test', role: 'supervisor' }, "body has an unknown property 'role'"],
  ])('login with %s: 400', async (_name, payload, message) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/ops/login', payload });
    expect({ status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({ status: 400, message });
  });

  it('a 4-digit code is refused by its shape', async () => {
    const response = await reviewerVerify(t, 'a@broker.test', 'x', '1234');
    expect(response.json()).toMatchObject({ statusCode: 400, message: 'Enter the 6 digit code' });
  });

  it('the send caps apply: a sixth code for one address within 15 minutes is 429', async () => {
    const email = newEmail();
    await addReviewer(t, email, 'reviewer');
    for (let i = 0; i < 5; i += 1) await reviewerLogin(t, email);
    const sixth = await t.app.inject({ method: 'POST', url: '/api/ops/login', payload: { email } });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.headers['retry-after']).toBeDefined();
  });
});

describe('reviewer sessions', () => {
  it('end after 30 minutes idle, and 10 hours after sign-in however busy', async () => {
    const idle = await signInReviewer(t, newEmail(), 'reviewer');
    t.clock.advance(minutes(29));
    expect((await me(idle)).status).toBe(200);
    t.clock.advance(minutes(30));
    expect((await me(idle)).body).toMatchObject({ statusCode: 401, message: 'session expired or token not accepted; sign in again' });

    const busy = await signInReviewer(t, newEmail(), 'reviewer');
    // 29 × 20 minutes: busy for 9 h 40 min; the next request is at 10 h.
    for (let turn = 0; turn < 29; turn += 1) {
      t.clock.advance(minutes(20));
      expect((await me(busy)).status).toBe(200);
    }
    t.clock.advance(minutes(20));
    expect((await me(busy)).status).toBe(401);
  });

  it('logout ends the session at once; the ops token has no session to end', async () => {
    const token = await signInReviewer(t, newEmail(), 'auditor');
    expect((await opsCall(t, 'POST', '/api/ops/logout', {}, bearer(token))).body).toEqual({ message: 'signed out' });
    expect((await me(token)).status).toBe(401);
    expect((await opsCall(t, 'POST', '/api/ops/logout', {})).body).toMatchObject({ statusCode: 400, message: 'the ops token has no session to end' });
  });

  it.each(['reviewer', 'supervisor', 'auditor', 'editor', 'approver'] as const)('a signed-in %s reads who they are and signs out, whatever else their role grants', async (role) => {
    const email = newEmail();
    const token = await signInReviewer(t, email, role);
    expect((await me(token)).body).toEqual({ actor: email, role });
    expect((await opsCall(t, 'POST', '/api/ops/logout', {}, bearer(token))).body).toEqual({ message: 'signed out' });
    expect((await me(token)).status).toBe(401);
  });

  it('disabling a reviewer ends their session at once', async () => {
    const email = newEmail();
    const token = await signInReviewer(t, email, 'reviewer');
    expect((await me(token)).status).toBe(200);
    const disabled = await opsCall<{ reviewer: { active: boolean; disabledBy: string } }>(t, 'POST', '/api/ops/reviewers/disable', { email });
    expect(disabled.body.reviewer).toMatchObject({ active: false, disabledBy: 'ops-token' });
    expect((await me(token)).status).toBe(401);
    // Added again: a new sign-in works, the old token stays dead.
    await addReviewer(t, email, 'auditor');
    expect((await me(token)).status).toBe(401);
    expect((await me(await signInReviewer(t, email, 'auditor'))).body).toEqual({ actor: email, role: 'auditor' });
  });

  it('a reviewer token opens no applicant route, and an applicant token no ops route', async () => {
    const reviewer = await signInReviewer(t, newEmail(), 'supervisor');
    expect((await get(t.app, '/api/user', auth(reviewer))).statusCode).toBe(401);
    expect((await get(t.app, '/api/user', { headers: { authorization: `Bearer ${reviewer}` } })).statusCode).toBe(401);
    const applicant = await signIn(t);
    expect((await opsCall(t, 'GET', '/api/ops/reviewers', undefined, bearer(applicant.token))).status).toBe(401);
    expect((await opsCall(t, 'GET', '/api/ops/reviewers', undefined, { 'x-access-token': applicant.token })).status).toBe(401);
  });

  it('lists reviewers to every role', async () => {
    const auditor = await signInReviewer(t, newEmail('auditor'), 'auditor');
    const { status, body } = await opsCall<OpsReviewerList>(t, 'GET', '/api/ops/reviewers', undefined, bearer(auditor));
    expect(status).toBe(200);
    expect(body.reviewers.length).toBeGreaterThan(3);
    expect(body.reviewers.map((r) => r.email)).toEqual([...body.reviewers.map((r) => r.email)].sort());
  });
});

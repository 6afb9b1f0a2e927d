import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, VerifyEmailResponse } from '../../../core/api/types';
import { addEmailAndVerify, setSteps } from '../email-helpers';
import { type TestApp, auth, latestCode, minutes, newPhone, outbox, post, signIn, startTestApp, wrongCode } from '../helpers';
import { nextAfter } from '../step-fixtures';
import { refuseMovesOf, withDb } from '../stored-records';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

let emailCounter = 0;
const newEmail = () => `applicant${(emailCounter += 1)}@example.com`;
const message = (response: { json: <T>() => T }) => response.json<ApiErrorBody>().message;

describe('add-email', () => {
  it('sends a 4-digit code by email with the spec subject', async () => {
    const { token } = await signIn(t);
    const email = newEmail();
    const response = await post(t.app, '/api/user/add-email', { email }, auth(token));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'OTP sent' });
    const [sent] = await outbox(t.app, email);
    expect(sent).toMatchObject({ channel: 'email', to: email });
    expect(sent?.code).toMatch(/^\d{4}$/);
    expect(sent?.text).toContain(`Your Onboard email verification code is ${sent?.code}.`);
  });

  it.each([['not-an-email'], ['a@b'], [`${'x'.repeat(95)}@example.com`], ['']])(
    'rejects %j with 400 "Enter valid Email Id"',
    async (email) => {
      const { token } = await signIn(t);
      const response = await post(t.app, '/api/user/add-email', { email }, auth(token));
      expect(response.statusCode).toBe(400);
      expect(message(response)).toBe('Enter valid Email Id');
    },
  );

  it('requires sign-in', async () => {
    const response = await post(t.app, '/api/user/add-email', { email: newEmail() });
    expect(response.statusCode).toBe(401);
  });
});

describe('verify-email', () => {
  it('verifies, stores the address and advances to the next journey step', async () => {
    const { token } = await signIn(t);
    const email = newEmail();
    const body = await addEmailAndVerify(t, token, email);
    expect(body.message).toBe('Email Verified Successfully!');
    expect(body.user).toMatchObject({ email, currentStep: 'email_verification', nextStep: nextAfter('email_verification') });
  });

  it('treats the address case-insensitively', async () => {
    const { token } = await signIn(t);
    const email = newEmail();
    await post(t.app, '/api/user/add-email', { email: email.toUpperCase() }, auth(token));
    const otp = await latestCode(t.app, email);
    const response = await post(t.app, '/api/user/verify-email', { email, otp }, auth(token));
    expect(response.json<VerifyEmailResponse>().user.email).toBe(email);
  });

  it('applies the OTP rules: wrong, reuse, expiry, 5 attempts', async () => {
    const { token } = await signIn(t);
    const verify = (email: string, otp: string) => post(t.app, '/api/user/verify-email', { email, otp }, auth(token));

    const wrongEmail = newEmail();
    await post(t.app, '/api/user/add-email', { email: wrongEmail }, auth(token));
    const code = await latestCode(t.app, wrongEmail);
    const answers: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) answers.push(message(await verify(wrongEmail, wrongCode(code))));
    expect(answers).toEqual(['invalid otp', 'invalid otp', 'invalid otp', 'invalid otp', 'max attempts reached']);
    expect(message(await verify(wrongEmail, code))).toBe('max attempts reached');

    const lateEmail = newEmail();
    await post(t.app, '/api/user/add-email', { email: lateEmail }, auth(token));
    const lateCode = await latestCode(t.app, lateEmail);
    t.clock.advance(minutes(10));
    const expired = await verify(lateEmail, lateCode);
    expect(expired.statusCode).toBe(400);
    expect(message(expired)).toBe('otp expired');

    const email = newEmail();
    await post(t.app, '/api/user/add-email', { email }, auth(token));
    const otp = await latestCode(t.app, email);
    expect((await verify(email, otp)).statusCode).toBe(200);
    expect(message(await verify(email, otp))).toBe('otp already used');
  });

  it('a code is bound to its address and its applicant', async () => {
    const alice = await signIn(t);
    const bob = await signIn(t);
    const [aliceEmail, otherEmail] = [newEmail(), newEmail()];
    await post(t.app, '/api/user/add-email', { email: aliceEmail }, auth(alice.token));
    const otp = await latestCode(t.app, aliceEmail);
    const bobTries = await post(t.app, '/api/user/verify-email', { email: aliceEmail, otp }, auth(bob.token));
    expect(bobTries.statusCode).toBe(400);
    expect(message(bobTries)).toBe('otp not requested');
    const otherAddress = await post(t.app, '/api/user/verify-email', { email: otherEmail, otp }, auth(alice.token));
    expect(message(otherAddress)).toBe('otp not requested');
    expect((await post(t.app, '/api/user/verify-email', { email: aliceEmail, otp }, auth(alice.token))).statusCode).toBe(200);
  });
});

describe('verify-email on the one save path', () => {
  it('the address and the move are one transaction: a move the database refuses stores no verified address', async () => {
    const who = await signIn(t);
    const email = newEmail();
    expect((await post(t.app, '/api/user/add-email', { email }, auth(who.token))).statusCode).toBe(200);
    const otp = await latestCode(t.app, email);
    await refuseMovesOf(t, who);
    expect((await post(t.app, '/api/user/verify-email', { email, otp }, auth(who.token))).statusCode).toBe(500);
    const row = await withDb(t, (db) => db.selectFrom('users').select(['email', 'email_verified']).where('phone', '=', who.phone).executeTakeFirstOrThrow());
    expect(row).toEqual({ email: null, email_verified: 0 });
  });
});

describe('resend-email-otp', () => {
  it('429 "request too early" before 30 s, then a new code; the old one is dead', async () => {
    const { token } = await signIn(t);
    const email = newEmail();
    await post(t.app, '/api/user/add-email', { email }, auth(token));
    const oldCode = await latestCode(t.app, email);
    t.clock.advance(29_000);
    const early = await post(t.app, '/api/user/resend-email-otp', { email }, auth(token));
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ message: 'request too early', errorMessage: 'request too early' });
    expect(early.headers['retry-after']).toBe('1');
    t.clock.advance(1_000);
    const ok = await post(t.app, '/api/user/resend-email-otp', { email }, auth(token));
    expect(ok.json()).toEqual({ message: 'OTP resent' });
    const newCode = await latestCode(t.app, email);
    if (newCode !== oldCode) {
      expect(message(await post(t.app, '/api/user/verify-email', { email, otp: oldCode }, auth(token)))).toBe('invalid otp');
    }
    expect((await post(t.app, '/api/user/verify-email', { email, otp: newCode }, auth(token))).statusCode).toBe(200);
  });

  it('answers 400 "otp not requested" for an address that was never added', async () => {
    const { token } = await signIn(t);
    const response = await post(t.app, '/api/user/resend-email-otp', { email: newEmail() }, auth(token));
    expect(response.statusCode).toBe(400);
    expect(message(response)).toBe('otp not requested');
  });
});

describe('step order', () => {
  it.each([
    ['/api/user/add-email', { email: 'early@example.com' }],
    ['/api/user/resend-email-otp', { email: 'early@example.com' }],
    ['/api/user/verify-email', { email: 'early@example.com', otp: '1234' }],
  ])('%s answers 400 "please complete previous steps" before mobile verification is done', async (url, body) => {
    // Signed in, yet still at mobile_verification: the stored step is put back directly.
    const phone = newPhone();
    const { token } = await signIn(t, phone);
    await setSteps(t, phone, { current_step: null, next_step: 'mobile_verification' });
    const response = await post(t.app, url, body, auth(token));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'please complete previous steps',
      errorMessage: 'please complete previous steps',
      code: 'flow.outOfSync',
    });
  });

  it('stays allowed after the step is done (an applicant may change the address later)', async () => {
    const { token } = await signIn(t);
    await addEmailAndVerify(t, token, newEmail());
    expect((await post(t.app, '/api/user/add-email', { email: newEmail() }, auth(token))).statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLimits } from '../../server/limits';
import { type TestApp, auth, errorOf, latestCode, newPhone, post, requestOtp, signIn, startTestApp, verifyOtp, wrongCode } from '../server/helpers';
import { applicantAt } from '../server/step-fixtures';

/**
 * OTP brute force and replay (issue 19): a code is tried at most maxOtpAttempts times, racing guesses included,
 * after which even the right code is refused; a code signs in or verifies once.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const attempts = defaultLimits.maxOtpAttempts;

describe('mobile OTP', () => {
  it(`brute force: ${attempts} wrong codes kill the code; the right one is then refused`, async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    const messages: string[] = [];
    for (let guess = 0; guess < attempts; guess += 1) messages.push(errorOf(await verifyOtp(t.app, phone, verifyToken, wrongCode(code))).message);
    expect(messages).toEqual([...Array<string>(attempts - 1).fill('invalid otp'), 'max attempts reached']);
    const right = await verifyOtp(t.app, phone, verifyToken, code);
    expect({ status: right.statusCode, message: errorOf(right).message }).toEqual({ status: 400, message: 'max attempts reached' });
  });

  it('brute force in parallel: twenty guesses at once count as twenty; the right code is then refused', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    const guesses = Array.from({ length: 20 }, (_, index) => String((Number(code) + 1 + index) % 10_000).padStart(4, '0'));
    const answers = await Promise.all(guesses.map((guess) => verifyOtp(t.app, phone, verifyToken, guess)));
    expect(answers.every((answer) => answer.statusCode === 400)).toBe(true);
    expect(errorOf(await verifyOtp(t.app, phone, verifyToken, code)).message).toBe('max attempts reached');
  });

  it('replay: a code that signed in does not sign in again', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    expect((await verifyOtp(t.app, phone, verifyToken, code)).statusCode).toBe(200);
    const again = await verifyOtp(t.app, phone, verifyToken, code);
    expect({ status: again.statusCode, message: errorOf(again).message }).toEqual({ status: 400, message: 'otp already used' });
  });

  it("another number's code and verify token do not mix", async () => {
    const [first, second] = [newPhone(), newPhone()];
    const firstToken = await requestOtp(t.app, first);
    await requestOtp(t.app, second);
    const answer = await verifyOtp(t.app, second, firstToken, await latestCode(t.app, second));
    expect(answer.statusCode).toBe(401);
  });
});

describe('email OTP', () => {
  it(`brute force: ${attempts} wrong codes kill the code; the right one is then refused`, async () => {
    const who = await applicantAt(t, 'email_verification', {}, 'mobile_verification');
    const email = `guess-${who.phone}@example.com`;
    expect((await post(t.app, '/api/user/add-email', { email }, auth(who.token))).statusCode).toBe(200);
    const code = await latestCode(t.app, email);
    for (let guess = 0; guess < attempts; guess += 1) await post(t.app, '/api/user/verify-email', { email, otp: wrongCode(code) }, auth(who.token));
    const right = await post(t.app, '/api/user/verify-email', { email, otp: code }, auth(who.token));
    expect({ status: right.statusCode, message: errorOf(right).message }).toEqual({ status: 400, message: 'max attempts reached' });
  });

  it('replay: a code that verified does not verify again', async () => {
    const { token } = await signIn(t);
    const email = `replay-${Date.now()}@example.com`;
    expect((await post(t.app, '/api/user/add-email', { email }, auth(token))).statusCode).toBe(200);
    const code = await latestCode(t.app, email);
    expect((await post(t.app, '/api/user/verify-email', { email, otp: code }, auth(token))).statusCode).toBe(200);
    const again = await post(t.app, '/api/user/verify-email', { email, otp: code }, auth(token));
    expect({ status: again.statusCode, message: errorOf(again).message }).toEqual({ status: 400, message: 'otp already used' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignInResponse, TokenResponse } from '../../../core/api/types';
import {
  type TestApp,
  latestCode,
  minutes,
  newIp,
  newPhone,
  outbox,
  post,
  requestOtp,
  startTestApp,
  verifyOtp,
  wrongCode,
  errorOf,
} from '../helpers';
import { nextAfter } from '../step-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('login and signup', () => {
  it('answers 404 "mobile number not registered" for an unknown number and sends nothing', async () => {
    const phone = newPhone();
    const response = await post(t.app, '/api/login', { phone }, { ip: newIp() });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).message).toBe('mobile number not registered');
    expect(await outbox(t.app, phone)).toEqual([]);
  });

  it('signup creates the applicant at the first journey step and texts a 4-digit code', async () => {
    const phone = newPhone();
    const response = await post(t.app, '/api/signup', { phone, referrer: 'friend', source: 'ad' }, { ip: newIp() });
    expect(response.statusCode).toBe(200);
    const body = response.json<TokenResponse>();
    expect(body.message).toBe('OTP sent');
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [message] = await outbox(t.app, phone);
    expect(message?.channel).toBe('sms');
    expect(message?.code).toMatch(/^\d{4}$/);
    expect(message?.text).toBe(`Your Onboard OTP is ${message?.code}. It is valid for 10 minutes. Do not share it with anyone.`);
  });

  it('signup is idempotent and login then works for the same number', async () => {
    const phone = newPhone();
    await requestOtp(t.app, phone);
    t.clock.advance(1000);
    expect((await post(t.app, '/api/signup', { phone }, { ip: newIp() })).statusCode).toBe(200);
    const login = await post(t.app, '/api/login', { phone }, { ip: newIp() });
    expect(login.statusCode).toBe(200);
    expect(login.json<TokenResponse>().message).toBe('OTP sent');
    expect(await outbox(t.app, phone)).toHaveLength(3);
  });
});

describe('verify/mobile-otp', () => {
  it('signs in with the right code: auth token and the user moved past mobile_verification', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const response = await verifyOtp(t.app, phone, verifyToken, await latestCode(t.app, phone));
    expect(response.statusCode).toBe(200);
    const body = response.json<SignInResponse>();
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.token).not.toBe(verifyToken);
    expect(body.user).toMatchObject({ phone, currentStep: 'mobile_verification', nextStep: nextAfter('mobile_verification') });
  });

  it('answers 400 "invalid otp" for a wrong code, and the right code still works after it', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    const wrong = await verifyOtp(t.app, phone, verifyToken, wrongCode(code));
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).message).toBe('invalid otp');
    expect((await verifyOtp(t.app, phone, verifyToken, code)).statusCode).toBe(200);
  });

  it('is single use: the same code again answers 400 "otp already used"', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    expect((await verifyOtp(t.app, phone, verifyToken, code)).statusCode).toBe(200);
    const again = await verifyOtp(t.app, phone, verifyToken, code);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).message).toBe('otp already used');
  });

  it('expires after 10 minutes: 400 "otp expired"', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    t.clock.advance(minutes(10));
    const late = await verifyOtp(t.app, phone, verifyToken, code);
    expect(late.statusCode).toBe(400);
    expect(errorOf(late).message).toBe('otp expired');
  });

  it('still accepts the code just before 10 minutes', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    t.clock.advance(minutes(10) - 1);
    expect((await verifyOtp(t.app, phone, verifyToken, code)).statusCode).toBe(200);
  });

  it('dies after 5 wrong codes: "max attempts reached", even for the right code', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    const answers: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      answers.push(errorOf(await verifyOtp(t.app, phone, verifyToken, wrongCode(code))).message);
    }
    expect(answers).toEqual(['invalid otp', 'invalid otp', 'invalid otp', 'invalid otp', 'max attempts reached']);
    const right = await verifyOtp(t.app, phone, verifyToken, code);
    expect(right.statusCode).toBe(400);
    expect(errorOf(right).message).toBe('max attempts reached');
  });

  it('is bound to its verify token: another applicant\'s code or token does not verify', async () => {
    const [phoneA, phoneB] = [newPhone(), newPhone()];
    const tokenA = await requestOtp(t.app, phoneA);
    const tokenB = await requestOtp(t.app, phoneB);
    const codeA = await latestCode(t.app, phoneA);
    const codeB = await latestCode(t.app, phoneB);
    if (codeA !== codeB) {
      const crossed = await verifyOtp(t.app, phoneB, tokenB, codeA);
      expect(crossed.statusCode).toBe(400);
      expect(errorOf(crossed).message).toBe('invalid otp');
    }
    // A's token for B's number: the pair names no challenge.
    const wrongPair = await verifyOtp(t.app, phoneB, tokenA, codeA);
    expect(wrongPair.statusCode).toBe(401);
    expect(errorOf(wrongPair).message).toBe('unauthorized');
    expect((await verifyOtp(t.app, phoneA, tokenA, codeA)).statusCode).toBe(200);
  });

  it('a second signup gets a new token; the first token\'s code does not verify with it', async () => {
    const phone = newPhone();
    const first = await requestOtp(t.app, phone);
    const firstCode = await latestCode(t.app, phone);
    const second = await requestOtp(t.app, phone);
    const secondCode = await latestCode(t.app, phone);
    if (firstCode !== secondCode) {
      expect(errorOf(await verifyOtp(t.app, phone, second, firstCode)).message).toBe('invalid otp');
    }
    expect((await verifyOtp(t.app, phone, first, firstCode)).statusCode).toBe(200);
  });

  it.each([
    ['missing', undefined],
    ['unknown', 'not-a-real-token'],
    ['empty', ''],
  ])('answers 401 "unauthorized" for a %s verify token', async (_label, token) => {
    const phone = newPhone();
    await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    const headers: Record<string, string> = token === undefined ? {} : { 'x-verify-token': token };
    const response = await post(t.app, '/api/verify/mobile-otp', { phone, otp: code }, { headers });
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).message).toBe('unauthorized');
  });
});

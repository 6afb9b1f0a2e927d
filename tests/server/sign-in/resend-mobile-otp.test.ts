import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestApp,
  latestCode,
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

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('resend-mobile-otp', () => {
  const resend = (phone: string, token: string, ip: string) =>
    post(t.app, '/api/resend-mobile-otp', { phone }, { headers: { 'x-verify-token': token }, ip });

  it('answers 429 "request too early" with Retry-After before 30 s, then resends; the old code is dead', async () => {
    const phone = newPhone();
    const ip = newIp();
    const verifyToken = await requestOtp(t.app, phone, ip);
    const oldCode = await latestCode(t.app, phone);

    t.clock.advance(10_000);
    const early = await resend(phone, verifyToken, ip);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ statusCode: 429, error: 'Too Many Requests', message: 'request too early', errorMessage: 'request too early', code: 'otp.tooEarly' });
    expect(early.headers['retry-after']).toBe('20');

    t.clock.advance(20_000);
    const ok = await resend(phone, verifyToken, ip);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'OTP resent' });
    const messages = await outbox(t.app, phone);
    expect(messages).toHaveLength(2);
    const newCode = await latestCode(t.app, phone);

    if (newCode !== oldCode) {
      expect(errorOf(await verifyOtp(t.app, phone, verifyToken, oldCode)).message).toBe('invalid otp');
    }
    expect((await verifyOtp(t.app, phone, verifyToken, newCode)).statusCode).toBe(200);
  });

  it('revives a dead challenge: attempts start again and the new code signs in', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    for (let attempt = 0; attempt < 5; attempt += 1) await verifyOtp(t.app, phone, verifyToken, wrongCode(code));
    t.clock.advance(30_000);
    expect((await resend(phone, verifyToken, newIp())).statusCode).toBe(200);
    const fresh = await latestCode(t.app, phone);
    expect(errorOf(await verifyOtp(t.app, phone, verifyToken, wrongCode(fresh))).message).toBe('invalid otp');
    expect((await verifyOtp(t.app, phone, verifyToken, fresh)).statusCode).toBe(200);
  });

  it('answers 401 without a verify token and 400 once the code was used', async () => {
    const phone = newPhone();
    const verifyToken = await requestOtp(t.app, phone);
    expect((await post(t.app, '/api/resend-mobile-otp', { phone })).statusCode).toBe(401);
    await verifyOtp(t.app, phone, verifyToken, await latestCode(t.app, phone));
    t.clock.advance(30_000);
    const used = await resend(phone, verifyToken, newIp());
    expect(used.statusCode).toBe(400);
    expect(errorOf(used).message).toBe('otp already used');
  });
});

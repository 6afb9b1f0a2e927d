import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../core/api/types';
import { type TestApp, minutes, newIp, newPhone, outbox, post, requestOtp, startTestApp } from '../helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('send caps (5 codes per number, 30 per IP, per 15 minutes)', () => {
  it('the 6th code to one number within 15 minutes answers 429 "too many requests" with Retry-After', async () => {
    const phone = newPhone();
    for (let send = 0; send < 5; send += 1) {
      expect((await post(t.app, '/api/signup', { phone }, { ip: newIp() })).statusCode).toBe(200);
      t.clock.advance(minutes(1));
    }
    const capped = await post(t.app, '/api/login', { phone }, { ip: newIp() });
    expect(capped.statusCode).toBe(429);
    expect(capped.json<ApiErrorBody>()).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: 'too many requests',
      errorMessage: 'too many requests',
      code: 'request.tooMany',
    });
    // The first send was 5 minutes ago; its slot frees 10 minutes from now.
    expect(capped.headers['retry-after']).toBe(String(10 * 60));
    expect(await outbox(t.app, phone)).toHaveLength(5);

    t.clock.advance(minutes(10));
    expect((await post(t.app, '/api/login', { phone }, { ip: newIp() })).statusCode).toBe(200);
  });

  it('counts resends against the number too', async () => {
    const phone = newPhone();
    const token = await requestOtp(t.app, phone);
    for (let send = 0; send < 4; send += 1) {
      t.clock.advance(30_000);
      const resend = await post(t.app, '/api/resend-mobile-otp', { phone }, { headers: { 'x-verify-token': token }, ip: newIp() });
      expect(resend.statusCode).toBe(200);
    }
    t.clock.advance(30_000);
    const capped = await post(t.app, '/api/resend-mobile-otp', { phone }, { headers: { 'x-verify-token': token }, ip: newIp() });
    expect(capped.statusCode).toBe(429);
    expect(capped.json<ApiErrorBody>().message).toBe('too many requests');
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the 31st code from one IP within 15 minutes answers 429 with Retry-After', async () => {
    const ip = newIp();
    for (let send = 0; send < 30; send += 1) {
      expect((await post(t.app, '/api/signup', { phone: newPhone() }, { ip })).statusCode).toBe(200);
    }
    const phone = newPhone();
    const capped = await post(t.app, '/api/signup', { phone }, { ip });
    expect(capped.statusCode).toBe(429);
    expect(capped.json<ApiErrorBody>().message).toBe('too many requests');
    expect(capped.headers['retry-after']).toBe(String(15 * 60));
    expect(await outbox(t.app, phone)).toEqual([]);
    // Another address is not affected.
    expect((await post(t.app, '/api/signup', { phone }, { ip: newIp() })).statusCode).toBe(200);
  });

  it('caps one number at 30 codes a day, across 15-minute windows', async () => {
    const phone = newPhone();
    const firstSend = t.clock.now;
    for (let window = 0; window < 6; window += 1) {
      for (let send = 0; send < 5; send += 1) {
        expect((await post(t.app, '/api/signup', { phone }, { ip: newIp() })).statusCode).toBe(200);
      }
      t.clock.advance(minutes(15));
    }
    const capped = await post(t.app, '/api/login', { phone }, { ip: newIp() });
    expect(capped.statusCode).toBe(429);
    expect(capped.json<ApiErrorBody>().message).toBe('too many requests');
    const elapsedSeconds = (t.clock.now - firstSend) / 1000;
    expect(capped.headers['retry-after']).toBe(String(24 * 3600 - elapsedSeconds));
  });

  it('limits come from options: a lower per-number cap applies', async () => {
    const strict = await startTestApp({ limits: { sendsPerDestination: 1 } });
    try {
      const phone = newPhone();
      expect((await post(strict.app, '/api/signup', { phone }, { ip: newIp() })).statusCode).toBe(200);
      expect((await post(strict.app, '/api/login', { phone }, { ip: newIp() })).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

describe('probing for registered numbers (20 unknown-number sign-ins per IP per 15 minutes)', () => {
  it('the 21st login for unregistered numbers from one IP answers 429 with Retry-After; other IPs and sends are unaffected', async () => {
    const ip = newIp();
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const unknown = await post(t.app, '/api/login', { phone: newPhone() }, { ip });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json<ApiErrorBody>().message).toBe('mobile number not registered');
    }
    const capped = await post(t.app, '/api/login', { phone: newPhone() }, { ip });
    expect(capped.statusCode).toBe(429);
    expect(capped.json<ApiErrorBody>().message).toBe('too many requests');
    expect(capped.headers['retry-after']).toBe(String(15 * 60));

    // Lookups do not use up the IP's codes: a real sign-up from the same address still gets one.
    expect((await post(t.app, '/api/signup', { phone: newPhone() }, { ip })).statusCode).toBe(200);
    expect((await post(t.app, '/api/login', { phone: newPhone() }, { ip: newIp() })).statusCode).toBe(404);

    t.clock.advance(minutes(15));
    expect((await post(t.app, '/api/login', { phone: newPhone() }, { ip })).statusCode).toBe(404);
  });
});

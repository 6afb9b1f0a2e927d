import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../../../core/api/types';
import { type TestApp, newPhone, signIn, startTestApp } from '../helpers';

let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await startTestApp();
  token = (await signIn(t)).token;
});
afterAll(() => t.close());

interface BadCase {
  name: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string | null;
  status: number;
  message?: string;
  signedIn?: boolean;
}

const json = 'application/json';
const phone = '9876500001';

const cases: BadCase[] = [
  { name: 'malformed JSON', url: '/api/login', payload: '{"phone": "98765', status: 400 },
  { name: 'JSON with trailing garbage', url: '/api/login', payload: '{"phone":"9876543210"} x', status: 400 },
  { name: 'empty JSON body', url: '/api/login', payload: '', status: 400 },
  { name: 'no body, no content type', url: '/api/login', contentType: null, status: 400, message: 'body must be object' },
  { name: 'an array instead of an object', url: '/api/login', payload: JSON.stringify([{ phone }]), status: 400, message: 'body must be object' },
  { name: 'a bare string', url: '/api/login', payload: '"9876543210"', status: 400 },
  { name: 'null', url: '/api/login', payload: 'null', status: 400 },
  { name: 'a number for the phone', url: '/api/login', payload: JSON.stringify({ phone: 9876543210 }), status: 400, message: 'Mobile number is not valid' },
  { name: 'a short phone', url: '/api/login', payload: JSON.stringify({ phone: '98765' }), status: 400, message: 'Mobile number is not valid' },
  { name: 'a phone starting with 5', url: '/api/signup', payload: JSON.stringify({ phone: '5876543210' }), status: 400, message: 'Mobile number is not valid' },
  { name: 'a missing phone', url: '/api/signup', payload: '{}', status: 400, message: 'Mobile number is not valid' },
  { name: 'an unknown property', url: '/api/login', payload: JSON.stringify({ phone, admin: true }), status: 400, message: "body has an unknown property 'admin'" },
  { name: 'a prototype-pollution key', url: '/api/login', payload: `{"phone":"${phone}","__proto__":{"x":1}}`, status: 400 },
  { name: 'unicode digits in the phone', url: '/api/login', payload: JSON.stringify({ phone: '९८७६५४३२१०' }), status: 400, message: 'Mobile number is not valid' },
  { name: 'emoji and RTL text in referrer', url: '/api/signup', payload: JSON.stringify({ phone: '98765123x', referrer: '😀\u202e' }), status: 400, message: 'Mobile number is not valid' },
  { name: 'a huge referrer', url: '/api/signup', payload: JSON.stringify({ phone, referrer: 'r'.repeat(5000) }), status: 400, message: 'body.referrer must NOT have more than 100 characters' },
  { name: 'a body over 1 MB', url: '/api/login', payload: JSON.stringify({ phone, referrer: 'x'.repeat(1_100_000) }), status: 413 },
  { name: 'text/plain content', url: '/api/login', payload: `phone=${phone}`, contentType: 'text/plain', status: 415 },
  { name: 'form-encoded content', url: '/api/login', payload: `phone=${phone}`, contentType: 'application/x-www-form-urlencoded', status: 415 },
  { name: 'an OTP with letters', url: '/api/verify/mobile-otp', payload: JSON.stringify({ phone, otp: '12a4' }), status: 400, message: 'Enter the 4 digit OTP' },
  { name: 'an OTP as a number', url: '/api/verify/mobile-otp', payload: JSON.stringify({ phone, otp: 1234 }), status: 400, message: 'Enter the 4 digit OTP' },
  { name: 'an OTP as an object', url: '/api/verify/mobile-otp', payload: JSON.stringify({ phone, otp: { $gt: '' } }), status: 400, message: 'Enter the 4 digit OTP' },
  { name: 'a huge OTP', url: '/api/verify/mobile-otp', payload: JSON.stringify({ phone, otp: '1'.repeat(100_000) }), status: 400, message: 'Enter the 4 digit OTP' },
  { name: 'verify without a verify token', url: '/api/verify/mobile-otp', payload: JSON.stringify({ phone, otp: '1234' }), status: 401, message: 'unauthorized' },
  { name: 'an email that is an array', url: '/api/user/add-email', payload: JSON.stringify({ email: ['a@b.co'] }), status: 400, message: 'Enter valid Email Id', signedIn: true },
  { name: 'an email with a newline header injection', url: '/api/user/add-email', payload: JSON.stringify({ email: 'a@b.co\nBcc: x@y.z' }), status: 400, message: 'Enter valid Email Id', signedIn: true },
  { name: 'an unknown property on set-previous', url: '/api/user/set-previous', payload: '{"nextStep":"completed"}', status: 400, signedIn: true },
  { name: 'an unknown API path', url: '/api/nothing-here', payload: '{}', status: 404, message: 'not found' },
];

describe('bad input is answered 4xx with an error body, never 500', () => {
  it.each(cases)('$name → $status', async (c) => {
    const headers: Record<string, string> = {};
    if (c.contentType !== null) headers['content-type'] = c.contentType ?? json;
    if (c.signedIn) headers['x-access-token'] = token;
    const response = await t.app.inject({ method: 'POST', url: c.url, payload: c.payload, headers });
    expect(response.statusCode).toBe(c.status);
    const body = response.json<ApiErrorBody>();
    expect(body.statusCode).toBe(c.status);
    expect(typeof body.message).toBe('string');
    expect(body.errorMessage).toBe(body.message);
    if (c.message) expect(body.message).toBe(c.message);
  });

  it.each([
    ['/api/dev/outbox', 400],
    ['/api/dev/outbox?to=12345', 400],
    ['/api/dev/outbox?to=9876543210&to=9876543211', 400],
    ['/api/dev/outbox?to=%E0%A4', 400],
    ['/api/user?%zz', 401],
    ['/api/%', 400],
  ])('GET %s → %i', async (url, status) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('a valid body with extra headers and odd casing still works', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: JSON.stringify({ phone: newPhone() }),
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'X-Unknown': 'ü' },
    });
    expect(response.statusCode).toBe(200);
  });
});

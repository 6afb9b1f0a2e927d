import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskPersonalData, maskValue } from '../../../server/platform/log-masking';
import { type TestApp, auth, latestCode, newPhone, post, requestOtp, startTestApp, verifyOtp, captureLogs } from '../helpers';

describe('maskPersonalData', () => {
  it.each([
    ['GET /api/dev/outbox?to=9876543210', 'GET /api/dev/outbox?to=98******10'],
    ['call +919876543210 now', 'call +9198******10 now'],
    ['919876543210', '9198******10'],
    ['phone 6000000001 and 7123456789', 'phone 60******01 and 71******89'],
    ['ravi.kumar@gmail.com', 'r***@gmail.com'],
    ['/api/dev/outbox?to=ravi%40mail.example.com', '/api/dev/outbox?to=r***%40mail.example.com'],
    ['PAN ABCDE1234F on file', 'PAN AB*******F on file'],
    ['Your Onboard OTP is 4821. It is valid', 'Your Onboard OTP is ****. It is valid'],
    ['email verification code is 0912', 'email verification code is ****'],
    ['?otp=1234&token=abcDEF_123-x', '?otp=****&token=****'],
    ['{"otp":"1234","verifyToken":"secret-value"}', '{"otp":"****","verifyToken":"****"}'],
    ['aadhaar 123412341234', 'aadhaar ********1234'],
    ['GET /api/ops/applications?status=verification_pending&q=Sneha%20Sharma&limit=20', 'GET /api/ops/applications?status=verification_pending&q=****&limit=20'],
  ])('%s → %s', (input, expected) => {
    expect(maskPersonalData(input)).toBe(expected);
  });

  it.each([
    ['a timestamp', 'at 1768471200000 ms'],
    ['a short number', 'status 404 in 12 ms'],
    ['a number starting 1-5', 'id 1234567890'],
    ['plain words', 'incoming request'],
  ])('leaves %s alone', (_label, input) => {
    expect(maskPersonalData(input)).toBe(input);
  });

  it('masks secret keys whole and personal data inside nested objects', () => {
    expect(
      maskValue({
        headers: { 'x-access-token': 'abc', authorization: 'Bearer x', cookie: 'a=b', accept: 'text/html' },
        body: { phone: '9876543210', otp: '1234', email: 'asha@example.com' },
        list: ['ABCDE1234F'],
      }),
    ).toEqual({
      headers: { 'x-access-token': '****', authorization: '****', cookie: '****', accept: 'text/html' },
      body: { phone: '98******10', otp: '****', email: 'a***@example.com' },
      list: ['AB*******F'],
    });
  });
});

describe("the app's own logs", () => {
  const { stream, text: loggedText } = captureLogs();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ logger: { level: 'trace', stream } });
  });
  afterAll(() => t.close());

  it('never contain the full phone number, email, OTP or tokens during a sign-in', async () => {
    const phone = newPhone();
    const email = 'asha.verma@example.com';
    const verifyToken = await requestOtp(t.app, phone);
    const code = await latestCode(t.app, phone);
    await verifyOtp(t.app, phone, verifyToken, code === '0000' ? '1111' : '0000');
    const signedIn = await verifyOtp(t.app, phone, verifyToken, code);
    const token = signedIn.json<{ token: string }>().token;
    await post(t.app, '/api/user/add-email', { email }, auth(token));
    await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${phone}&otp=${code}`, headers: { 'x-verify-token': verifyToken } });
    await t.app.inject({ method: 'GET', url: `/api/user?token=${token}`, headers: auth(token).headers });

    const log = loggedText();
    expect(log).toContain('incoming request');
    expect(log).toContain(`/api/dev/outbox?to=${phone.slice(0, 2)}******${phone.slice(-2)}`);
    for (const secret of [phone, email, verifyToken, token, `otp=${code}`, `OTP is ${code}`]) {
      expect(log).not.toContain(secret);
    }
  });
});

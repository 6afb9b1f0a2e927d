import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../../server/env';
import { type TestApp, auth, get, signIn, startTestApp } from '../helpers';
import { opsCall, opsToken, reviewApplicant, startOpsApp } from '../ops-fixtures';

let t: TestApp;
let applicantToken: string;
beforeAll(async () => {
  t = await startOpsApp();
  applicantToken = (await signIn(t)).token;
});
afterAll(() => t.close());

/** Every signed-in ops route (the sign-in routes themselves are open, and tested in ops-sign-in.test.ts). */
const signedInOpsRoutes: ['GET' | 'POST', string, unknown][] = [
  ['GET', '/api/ops/me', undefined],
  ['POST', '/api/ops/logout', {}],
  ['GET', '/api/ops/applications', undefined],
  ['GET', '/api/ops/applications/some-id', undefined],
  ['POST', '/api/ops/applications/some-id/decision', { action: 'approve' }],
  ['POST', '/api/ops/applications/some-id/rekyc', {}],
  ['GET', '/api/ops/documents/00000000-0000-0000-0000-000000000000', undefined],
  ['GET', '/api/ops/reviewers', undefined],
  ['POST', '/api/ops/reviewers', { email: 'someone@broker.in', role: 'reviewer' }],
  ['POST', '/api/ops/reviewers/disable', { email: 'someone@broker.in' }],
  ['GET', '/api/ops/funnel', undefined],
];
const routes = signedInOpsRoutes;

describe('ops API authentication', () => {
  it('does not exist without OPS_TOKEN: 404 for every ops route, whatever the caller sends', async () => {
    const off = await startTestApp();
    try {
      for (const [method, url, body] of routes) {
        const { status } = await opsCall(off, method, url, body);
        expect({ url, status }).toEqual({ url, status: 404 });
      }
    } finally {
      await off.close();
    }
  });

  const cases: [string, () => Record<string, string>, number, string][] = [
    ['no credentials', () => ({}), 401, 'sign in: Authorization: Bearer <reviewer token or OPS_TOKEN>'],
    ['an applicant token (x-access-token)', () => ({ 'x-access-token': applicantToken }), 401, 'sign in: Authorization: Bearer <reviewer token or OPS_TOKEN>'],
    ['an applicant token as a bearer token', () => ({ authorization: `Bearer ${applicantToken}` }), 401, 'session expired or token not accepted; sign in again'],
    ['a wrong token', () => ({ authorization: 'Bearer not-the-ops-token' }), 401, 'session expired or token not accepted; sign in again'],
    ['the token with one more character', () => ({ authorization: `Bearer ${opsToken}x` }), 401, 'session expired or token not accepted; sign in again'],
    ['the token cut short', () => ({ authorization: `Bearer ${opsToken.slice(0, -1)}` }), 401, 'session expired or token not accepted; sign in again'],
    ['the token as Basic auth', () => ({ authorization: `Basic ${opsToken}` }), 401, 'sign in: Authorization: Bearer <reviewer token or OPS_TOKEN>'],
    ['Bearer and nothing', () => ({ authorization: 'Bearer ' }), 401, 'sign in: Authorization: Bearer <reviewer token or OPS_TOKEN>'],
    ['the token without the Bearer scheme', () => ({ authorization: opsToken }), 401, 'sign in: Authorization: Bearer <reviewer token or OPS_TOKEN>'],
  ];

  it.each(cases)('%s: %i on every ops route, before the body is read', async (_name, headers, status, message) => {
    for (const [method, url, body] of routes) {
      const answer = await opsCall<{ message: string }>(t, method, url, body ?? undefined, headers());
      expect({ url, status: answer.status, message: answer.body.message }).toEqual({ url, status, message });
      expect(answer.response.headers['www-authenticate']).toBe('Bearer realm="ops"');
    }
  });

  it('a 401 comes before body validation', async () => {
    const { status } = await opsCall(t, 'POST', '/api/ops/applications/x/decision', { nonsense: true }, {});
    expect(status).toBe(401);
  });

  it('accepts the token, with any case of the scheme', async () => {
    expect((await opsCall(t, 'GET', '/api/ops/applications', undefined, { authorization: `Bearer ${opsToken}` })).status).toBe(200);
    expect((await opsCall(t, 'GET', '/api/ops/applications', undefined, { authorization: `bearer ${opsToken}` })).status).toBe(200);
  });

  it('the ops token opens no applicant route', async () => {
    const response = await get(t.app, '/api/user', { headers: { authorization: `Bearer ${opsToken}`, 'x-access-token': opsToken } });
    expect(response.statusCode).toBe(401);
    expect((await get(t.app, '/api/user', auth(applicantToken))).statusCode).toBe(200);
  });

  it('an applicant cannot reach the audit trail or decide on their own application', async () => {
    const who = await reviewApplicant(t);
    const headers = { 'x-access-token': who.token };
    expect((await opsCall(t, 'GET', `/api/ops/applications/${who.id}`, undefined, headers)).status).toBe(401);
    expect((await opsCall(t, 'POST', `/api/ops/applications/${who.id}/decision`, { action: 'approve' }, headers)).status).toBe(401);
  });
});

describe('OPS_TOKEN and PUBLIC_URL from the environment', () => {
  it('reads them; the ops API is off when OPS_TOKEN is unset', () => {
    expect(parseEnv({}).app.opsToken).toBeUndefined();
    const env = parseEnv({ OPS_TOKEN: opsToken, PUBLIC_URL: 'https://onboard.broker.in/' });
    expect(env.app).toMatchObject({ opsToken, publicUrl: 'https://onboard.broker.in' });
  });

  it('PUBLIC_URL follows PORT when unset, so emailed links reach this server', () => {
    expect(parseEnv({}).app.publicUrl).toBe('http://localhost:3000');
    expect(parseEnv({ PORT: '8080' }).app.publicUrl).toBe('http://localhost:8080');
    expect(parseEnv({ PORT: '8080', PUBLIC_URL: 'https://onboard.broker.in' }).app.publicUrl).toBe('https://onboard.broker.in');
  });

  it.each([
    ['OPS_TOKEN', 'short'],
    ['OPS_TOKEN', 'a token with spaces that is long enough to pass'],
    ['PUBLIC_URL', 'onboard.broker.in'],
    ['PUBLIC_URL', 'ftp://onboard.broker.in'],
    ['PUBLIC_URL', 'https://onboard.broker.in/?x=1'],
  ])('refuses %s=%s with a clear message', (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`^${name} must`));
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsProvider, OpsProviders } from '../../../core/api/types';
import type { TestApp } from '../helpers';
import { bearer, opsCall, startOpsApp } from '../ops-fixtures';
import { applicantAtPan, expectError, send } from '../step-fixtures';

/**
 * GET /api/ops/providers: per capability the vendor, simulator or live, last success, error rate and p95 over the
 * last hour. Here the KRA is CAMS, live, at an address where nothing answers; SMS and email are simulated.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp({
    providerEnv: {
      KRA_VENDOR: 'cams',
      CAMS_KRA_URL: 'http://127.0.0.1:9/services_kycenquiry.asmx',
      CAMS_KRA_USER: 'BROKERWS',
      CAMS_KRA_PASSWORD: 'secret-password',
      CAMS_KRA_KEY: 'secret-key',
      CAMS_KRA_POS_CODE: 'P',
    },
  });
});
afterAll(() => t.close());

const providers = async () => (await opsCall<OpsProviders>(t, 'GET', '/api/ops/providers')).body.providers;
const of = (list: OpsProvider[], capability: string) => list.find((provider) => provider.capability === capability);

describe('GET /api/ops/providers', () => {
  it('lists every capability with its vendor and mode, in the registry order', async () => {
    const list = await providers();
    expect(list.map((provider) => [provider.capability, provider.vendor, provider.mode])).toEqual([
      ['sms', 'msg91', 'simulator'],
      ['email', 'smtp', 'simulator'],
      ['kra', 'cams', 'live'],
      ['identity', 'digio', 'simulator'],
      ['account-aggregator', 'setu', 'simulator'],
      ['penny-drop', 'cashfree', 'simulator'],
      ['upi-rpd', 'setu', 'simulator'],
      ['ifsc', 'razorpay', 'simulator'],
    ]);
  });

  it('counts each call of the last hour: a KRA that cannot be reached shows its errors and message, SMS its successes', async () => {
    const who = await applicantAtPan(t);
    expectError(await send(t, who, '/api/user/pan-number', { pan: 'ABCPS1234F', dateOfBirth: '15/08/1990' }), 503, 'PAN verification service is unavailable, please try again');
    const list = await providers();
    expect(of(list, 'kra')).toMatchObject({ calls: 1, errors: 1, errorRate: 1, lastSuccessAt: null, lastError: { message: expect.stringMatching(/^cams: password failed: unreachable/) } });
    expect(of(list, 'kra')?.p95Ms).toBeGreaterThan(0);
    const sms = of(list, 'sms');
    expect(sms).toMatchObject({ errors: 0, errorRate: 0, lastError: null, lastSuccessAt: new Date(t.clock.now).toISOString() });
    expect(sms?.calls).toBeGreaterThanOrEqual(1);
    // No secret and no personal data in what the console shows.
    expect(JSON.stringify(list)).not.toMatch(/secret-password|secret-key|ABCPS1234F/);
    t.clock.advance(61 * 60_000);
    expect(of(await providers(), 'kra')).toMatchObject({ calls: 0, errors: 0, errorRate: 0, p95Ms: null, lastError: { message: expect.stringMatching(/^cams: password failed: unreachable/) } });
  });

  it('is the back office\'s: no token, 401', async () => {
    expect((await opsCall(t, 'GET', '/api/ops/providers', undefined, {})).status).toBe(401);
    expect((await opsCall(t, 'GET', '/api/ops/providers', undefined, bearer())).status).toBe(200);
  });
});

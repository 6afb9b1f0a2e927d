import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { StepSavedResponse } from '../../../../core/api/types';
import { type TestApp, captureLogs, startTestApp } from '../../helpers';
import { initiate } from '../../identity-fixtures';
import { applicantAt, expectError, nextAfter, send } from '../../step-fixtures';
import { withDb } from '../../stored-records';
import { answerOf, scriptedDigio } from './digio-fixtures';

/**
 * The whole app with Digio configured (DIGIO_CLIENT_ID alone chooses it), against a Digio on loopback answering the
 * documented examples: what a broker's first day looks like, each answer's effect on the applicant.
 */

const kid = 'KID2601151000009001ASHAKYCREQ1';
let apps: TestApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function appWithDigio(options: { budgetMs?: number; logs?: ReturnType<typeof captureLogs> } = {}) {
  const digio = await scriptedDigio();
  const t = await startTestApp({
    providerEnv: {
      DIGIO_CLIENT_ID: 'ACK-client',
      DIGIO_CLIENT_SECRET: 'digio-secret',
      DIGIO_BASE_URL: digio.base,
      DIGIO_KYC_TEMPLATE: 'DIGILOCKER_AADHAAR_PAN',
      DIGIO_SELFIE_TEMPLATE: 'SELFIE_LIVENESS',
      DIGIO_ESIGN_TEMPLATES: 'kra_form=TMP2601010000KRAFORM0001,account_opening_form=TMP2',
    },
    ...(options.budgetMs ? { limits: { requestBudgetMs: options.budgetMs } } : {}),
    ...(options.logs ? { logger: { level: 'warn', stream: options.logs.stream } } : {}),
  });
  apps.push({ ...t, close: async () => (await t.close(), await digio.close()) });
  return { t, digio };
}

describe('the app with Digio', () => {
  it('KYC: pending until the applicant finishes; held for approval, approved by us, verified; no full Aadhaar number kept', async () => {
    const { t, digio } = await appWithDigio();
    const who = await applicantAt(t, 'aadhaar_verification');
    digio.expectFromApp('kyc-create');
    expect((await initiate(t, who, 'kyc')).requestId).toBe(kid);
    digio.expectFromApp('kyc-response-requested');
    expectError(await send(t, who, '/api/user/verify-workflow/kyc', { requestId: kid }), 409, 'Verification is not complete yet, please finish it in the widget');
    for (const name of ['kyc-response-approval-pending', 'kyc-manage-approval', 'kyc-response-approved']) digio.expectFromApp(name);
    const verified = await send<StepSavedResponse>(t, who, '/api/user/verify-workflow/kyc', { requestId: kid });
    expect(verified.status).toBe(200);
    expect(verified.body.user.nextStep).toBe(nextAfter('aadhaar_verification'));
    digio.done();
    const stored = await withDb(t, (db) => db.selectFrom('identity_requests').select('result').where('request_id', '=', kid).executeTakeFirstOrThrow());
    expect(JSON.parse(stored.result ?? '{}')).toMatchObject({ provider: 'digio', aadhaar: { lastFour: '4821' } });
    expect(stored.result).not.toContain('MG Road');
    expect(digio.received[0]?.body).toMatchObject({ template_name: 'DIGILOCKER_AADHAAR_PAN', customer_identifier: who.phone, generate_access_token: true });
  });

  it("a status word Digio does not document: the request failed (start again), logged with the word; never a 503 for ever", async () => {
    const logs = captureLogs();
    const { t, digio } = await appWithDigio({ logs });
    const who = await applicantAt(t, 'aadhaar_verification');
    digio.expectFromApp('kyc-create');
    await initiate(t, who, 'kyc');
    digio.expectFromApp('kyc-response-approved', { body: { ...answerOf('kyc-response-approved'), status: 'on_hold' } });
    expectError(await send(t, who, '/api/user/verify-workflow/kyc', { requestId: kid }), 400, 'Verification failed, please start again');
    expect(logs.text()).toContain('"status":"on_hold"');
    expect(logs.text()).toContain('does not document');
    expect(logs.text()).not.toContain(kid);
  });

  it('Digio down (502): 503 with a clear message', async () => {
    const { t, digio } = await appWithDigio();
    const who = await applicantAt(t, 'aadhaar_verification');
    digio.expectFromApp('kyc-create', { status: 502, body: { message: 'bad gateway' } });
    expectError(await send(t, who, '/api/user/initiate-workflow/kyc', {}), 503, 'Verification service is unavailable, please try again');
  });

  it("Digio that never answers: 503 inside the request's budget, not after the call's own 10 s", async () => {
    const { t, digio } = await appWithDigio({ budgetMs: 800 });
    const who = await applicantAt(t, 'aadhaar_verification');
    digio.hang();
    const started = performance.now();
    expectError(await send(t, who, '/api/user/initiate-workflow/kyc', {}), 503, 'Verification service is unavailable, please try again');
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("the simulator's controls do not reach a live vendor's requests: 404", async () => {
    const { t } = await appWithDigio();
    expect((await t.app.inject({ method: 'POST', url: `/api/dev/identity/${kid}/approve` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sim/digio/sdk/v11/digio.js' })).statusCode).toBe(404);
  });
});

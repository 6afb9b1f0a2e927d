import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomeSummary, OpsApplicationResponse, StepSavedResponse } from '../../../core/api/types';
import { createDatabase } from '../../../server/db/database';
import type { IncomeProofRow } from '../../../server/db/schema';
import notifications from '../../../server/providers/account-aggregator/setu/fixtures/notifications.json';
import { type TestApp, auth, get, post, signIn } from '../helpers';
import { submitIncomeProof } from '../identity-fixtures';
import { opsCall, startOpsApp } from '../ops-fixtures';
import { type Applicant, expectError, nextAfter, setUserRow } from '../step-fixtures';
import { refuseMovesOf, stepAnswersOf } from '../stored-records';

/**
 * Income proof through the account aggregator, end to end on the server: the production Setu client against the Setu
 * simulator (its special mobiles by their last four digits, its consent page, its controls at /api/dev/aa).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

const minute = 60_000;
let serial = 0;
/** A fresh applicant at the income-proof step whose mobile ends in `ending` (the simulator's special values). */
async function applicant(ending = '4321'): Promise<Applicant & { id: string }> {
  serial += 1;
  const phone = `98${String(serial).padStart(4, '0')}${ending}`;
  const { token } = await signIn(t, phone);
  await setUserRow(t, phone, { next_step: 'income_proof', current_step: 'nominee' });
  const me = (await get(t.app, '/api/user', auth(token))).json<{ user: { id: string } }>();
  return { token, phone, id: me.user.id };
}

async function start(who: Applicant): Promise<string> {
  const response = await submitIncomeProof(t, who, { account_aggregator_flow: 'true' });
  expect(response.statusCode).toBe(200);
  const { redirectionUrl, consentId } = response.json<{ redirectionUrl: string; consentId: string }>();
  expect(redirectionUrl).toBe(`https://onboard.test/sim/setu/v2/consents/webview/${consentId}`);
  return consentId;
}

const poll = async (who: Applicant, consentId: string) => {
  const response = await get(t.app, `/api/user/income-proof/${encodeURIComponent(consentId)}`, auth(who.token));
  return { status: response.statusCode, body: response.json<{ consentStatus: string; message: string }>() };
};
const pageOf = (consentId: string) => `/sim/setu/v2/consents/webview/${consentId}`;
const form = (url: string, body = 'bankAnswer=salary') => t.app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const approve = (consentId: string, bankAnswer?: string) => post(t.app, `/api/dev/aa/${consentId}/approve`, bankAnswer ? { bankAnswer } : undefined);
const nextStepOf = async (who: Applicant) => (await get(t.app, '/api/user', auth(who.token))).json<{ user: StepSavedResponse['user'] }>().user.nextStep;

async function proofRow(consentId: string): Promise<IncomeProofRow> {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    return await db.selectFrom('income_proofs').selectAll().where('consent_id', '=', consentId).executeTakeFirstOrThrow();
  } finally {
    await db.destroy();
  }
}

const waitingForConsent = { consentStatus: 'pending', message: 'Waiting for your consent' };
const readingData = { consentStatus: 'pending', message: 'Consent received, reading your bank statement' };
const verified = { consentStatus: 'success', message: 'Income proof verified successfully' };

describe('consent -> approval on the consent page -> data session -> income summary', () => {
  it('round trip through Setu’s page: the redirect carries success and id; the statement is summarised and the step is done', async () => {
    const who = await applicant();
    const consentId = await start(who);
    expect((await poll(who, consentId)).body).toEqual(waitingForConsent);

    const page = await get(t.app, pageOf(consentId));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    for (const button of ['>Approve</button>', '>Reject</button>', '>Cancel</button>']) expect(page.body).toContain(button);
    expect(page.body).toContain(`action="${consentId}/approve"`);
    // The old address still leads there.
    const old = await get(t.app, `/dev/aa/consent/${consentId}`);
    expect([old.statusCode, old.headers.location]).toEqual([308, pageOf(consentId)]);

    const approved = await form(`${pageOf(consentId)}/approve`);
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(`https://onboard.test/income-proof/callback?success=true&id=${consentId}`);

    expect((await poll(who, consentId)).body).toEqual(verified);
    expect(await nextStepOf(who)).toBe(nextAfter('income_proof'));
    const row = await proofRow(consentId);
    expect(row).toMatchObject({ status: 'verified', data_sessions: 1 });
    const summary = JSON.parse(row.income_summary ?? '{}') as IncomeSummary;
    expect(summary).toMatchObject({ months: 12, salaryMonths: 12, accounts: [{ bank: 'setu-fip', accountType: 'SAVINGS', ifsc: 'HDFC0000001' }] });
    expect(summary.averageMonthlySalaryPaise).toBeGreaterThanOrEqual(8_500_000);
    expect(summary.averageMonthlyCreditsPaise).toBeGreaterThan(summary.averageMonthlySalaryPaise);
    // Polling again answers the same and moves nothing.
    expect((await poll(who, consentId)).body).toEqual(verified);
    expect((await proofRow(consentId)).data_sessions).toBe(1);
  });

  it('the reviewer sees the summary with the application; none before the data arrived', async () => {
    const who = await applicant();
    const consentId = await start(who);
    const show = () => opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${who.id}`);
    expect((await show()).body.application.incomeSummary).toBeNull();
    await approve(consentId, 'low_income');
    expect((await poll(who, consentId)).body).toEqual(verified);
    const summary = (await show()).body.application.incomeSummary;
    expect(summary).toMatchObject({ step: 'income_proof', consentId, months: 12, salaryMonths: 0, salaryCreditsPaise: 0 });
    // Low income: a few small payments a month, under a lakh a year.
    expect(summary?.averageMonthlyCreditsPaise).toBeLessThan(1_000_000);
    expect(summary?.averageMonthlyCreditsPaise).toBeGreaterThan(0);
  });
});

describe('the verified proof on the one save path', () => {
  it("the step's answers say the aggregator proved it (words for the reviewer in ops.json)", async () => {
    const who = await applicant();
    const consentId = await start(who);
    expect((await approve(consentId)).statusCode).toBe(200);
    expect((await poll(who, consentId)).body).toEqual(verified);
    expect((await stepAnswersOf(t, who)).income_proof).toEqual({ method: 'account_aggregator' });
  });

  it('the proof settled and the move are one transaction: a move the database refuses leaves the proof pending', async () => {
    const who = await applicant();
    const consentId = await start(who);
    expect((await approve(consentId)).statusCode).toBe(200);
    await refuseMovesOf(t, who);
    expect((await poll(who, consentId)).status).toBe(503);
    expect((await proofRow(consentId)).status).toBe('pending');
    expect((await stepAnswersOf(t, who)).income_proof).toBeUndefined();
  });
});

describe('every consent status', () => {
  it.each([
    ['INITIATED (the applicant picks a bank first)', '4444', waitingForConsent],
    ['FAILED (the AA could not create it)', '3333', { consentStatus: 'failed', message: 'The account aggregator could not create your consent, please try again' }],
  ])('%s', async (_label, ending, answer) => {
    const who = await applicant(ending);
    const consentId = await start(who);
    expect((await poll(who, consentId)).body).toEqual(answer);
    expect(await nextStepOf(who)).toBe('income_proof');
  });

  it('INITIATED becomes PENDING once the applicant opens the page (picks a bank), then approves', async () => {
    const who = await applicant('4444');
    const consentId = await start(who);
    expect((await get(t.app, pageOf(consentId))).body).toContain('>Approve</button>');
    await approve(consentId);
    expect((await poll(who, consentId)).body).toEqual(verified);
  });

  it('REJECTED: failed; the first decision stands, and the step stays', async () => {
    const who = await applicant();
    const consentId = await start(who);
    const rejected = await post(t.app, `/api/dev/aa/${consentId}/reject`, undefined);
    expect(rejected.json()).toEqual({
      consentId,
      status: 'rejected',
      redirectUrl: `https://onboard.test/income-proof/callback?success=false&id=${consentId}&errorcode=1&errormsg=reject_not_want_to_share`,
    });
    expect((await approve(consentId)).json()).toMatchObject({ status: 'rejected' });
    expect((await poll(who, consentId)).body).toEqual({ consentStatus: 'failed', message: 'Consent was rejected, please try again' });
    expect((await poll(who, consentId)).body).toMatchObject({ consentStatus: 'failed' });
    expect(await nextStepOf(who)).toBe('income_proof');
  });

  it.each(['revoke', 'pause'] as const)('approved, then %sd in the AA app before any data was read: failed, no data session', async (how) => {
    const who = await applicant();
    const consentId = await start(who);
    // The simulator's controls as the applicant's AA app: approve, then withdraw.
    await approve(consentId);
    expect(await t.app.providers.controls['account-aggregator']?.withdraw(consentId, how)).toBe(true);
    expect((await poll(who, consentId)).body).toEqual({ consentStatus: 'failed', message: 'Consent was rejected, please try again' });
    expect((await proofRow(consentId)).data_sessions).toBe(0);
    expect(await nextStepOf(who)).toBe('income_proof');
  });

  it('EXPIRED: past its month the consent answers 400 "Consent has expired"; the applicant is told so', async () => {
    const who = await applicant();
    const consentId = await start(who);
    t.clock.advance(32 * 24 * 60 * minute);
    // A month on, the applicant signs in again.
    const again = { ...who, token: (await signIn(t, who.phone)).token };
    expect((await poll(again, consentId)).body).toEqual({ consentStatus: 'failed', message: 'Consent has expired, please try again' });
    expect((await get(t.app, pageOf(consentId))).body).toContain('This consent request has expired.');
  });
});

describe('the redirect’s error parameters', () => {
  it('Reject on the page: success=false, errorcode 1 and a reason', async () => {
    const who = await applicant();
    const consentId = await start(who);
    const response = await form(`${pageOf(consentId)}/reject`, '');
    const location = new URL(String(response.headers.location));
    expect(Object.fromEntries(location.searchParams)).toEqual({ success: 'false', id: consentId, errorcode: '1', errormsg: 'reject_not_want_to_share' });
    expect((await poll(who, consentId)).body).toMatchObject({ consentStatus: 'failed' });
  });

  it('Cancel on the page: errorcode 5; the consent stays PENDING at Setu and can still be approved', async () => {
    const who = await applicant();
    const consentId = await start(who);
    const response = await form(`${pageOf(consentId)}/cancel`, '');
    const location = new URL(String(response.headers.location));
    expect(Object.fromEntries(location.searchParams)).toEqual({ success: 'false', id: consentId, errorcode: '5', errormsg: 'cancel_will_share_later' });
    expect((await poll(who, consentId)).body).toEqual(waitingForConsent);
    await form(`${pageOf(consentId)}/approve`);
    expect((await poll(who, consentId)).body).toEqual(verified);
  });
});

describe('the data', () => {
  it.each([
    ['the bank shares nothing (chosen on approval)', '4321', 'no_data'],
    ['the bank shares nothing (mobile ending 0000)', '0000', undefined],
  ])('%s: an ACTIVE consent with no data never completes the step', async (_label, ending, bankAnswer) => {
    const who = await applicant(ending);
    const consentId = await start(who);
    await approve(consentId, bankAnswer);
    // The first session fails; one more is opened, as Setu advises; it fails too.
    expect((await poll(who, consentId)).body).toEqual(readingData);
    expect((await poll(who, consentId)).body).toEqual({ consentStatus: 'failed', message: 'Your bank did not share a statement, please upload your income proof instead' });
    const row = await proofRow(consentId);
    expect(row).toMatchObject({ status: 'failed', data_sessions: 2, income_summary: null });
    expect(await nextStepOf(who)).toBe('income_proof');
  });

  it('data delayed: "reading your bank statement" until the bank answers, then verified', async () => {
    const who = await applicant('2222');
    const consentId = await start(who);
    await approve(consentId);
    expect((await poll(who, consentId)).body).toEqual(readingData);
    expect((await poll(who, consentId)).body).toEqual(readingData);
    expect(await nextStepOf(who)).toBe('income_proof');
    t.clock.advance(11_000);
    expect((await poll(who, consentId)).body).toEqual(verified);
    expect((await proofRow(consentId)).data_sessions).toBe(1);
  });

  it('the login token is reused, and replaced after it expired: polls across ten minutes still work', async () => {
    const who = await applicant('2222');
    const consentId = await start(who);
    await approve(consentId);
    expect((await poll(who, consentId)).body).toEqual(readingData);
    t.clock.advance(10 * minute);
    expect((await poll(who, consentId)).body).toEqual(verified);
  });
});

describe('Setu unreachable or slow', () => {
  it('Setu answers 500 (mobile ending 5000): 503, nothing stored', async () => {
    const who = await applicant('5000');
    const response = await submitIncomeProof(t, who, { account_aggregator_flow: 'true' });
    expectError({ status: response.statusCode, body: response.json() }, 503, 'Account aggregator is unavailable, please try again');
  });
});

describe('a timeout inside the request’s budget', () => {
  let slow: TestApp;
  beforeAll(async () => {
    // Setu answers about mobiles ending 9999 after 3 s; the request may spend 400 ms on providers.
    slow = await startOpsApp({ limits: { requestBudgetMs: 400 }, sandboxSlowDelayMs: 3_000 });
  });
  afterAll(() => slow.close());

  it('the consent request is cut at the budget: 503 at once, no proof stored, the step stays', async () => {
    const { token } = await signIn(slow, '9876549999');
    await setUserRow(slow, '9876549999', { next_step: 'income_proof', current_step: 'nominee' });
    const started = performance.now();
    const response = await submitIncomeProof(slow, { token, phone: '9876549999' }, { account_aggregator_flow: 'true' });
    const took = performance.now() - started;
    expectError({ status: response.statusCode, body: response.json() }, 503, 'Account aggregator is unavailable, please try again');
    // Cut at 400 ms, long before Setu's 3 s answer.
    expect(took).toBeLessThan(2_500);
    const db = createDatabase({ dataDir: slow.dir, databaseUrl: slow.databaseUrl });
    try {
      expect(await db.selectFrom('income_proofs').selectAll().execute()).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});

describe('POST /api/webhooks/setu-aa: notifications are only a reason to look again', () => {
  const notify = (body: unknown) => t.app.inject({ method: 'POST', url: '/api/webhooks/setu-aa', payload: body as object });
  const about = <K extends keyof typeof notifications.notifications>(kind: K, consentId: string) => ({ ...notifications.notifications[kind], consentId });

  it('a documented consent notification for an approved consent: read again at Setu, data fetched, step done, no poll needed', async () => {
    const who = await applicant();
    const consentId = await start(who);
    await approve(consentId);
    const response = await notify(about('consentActive', consentId));
    expect([response.statusCode, response.json()]).toEqual([200, { received: true }]);
    expect((await proofRow(consentId)).status).toBe('verified');
    expect(await nextStepOf(who)).toBe(nextAfter('income_proof'));
    // Replayed: nothing changes.
    expect((await notify(about('consentActive', consentId))).statusCode).toBe(200);
    expect((await proofRow(consentId)).data_sessions).toBe(1);
  });

  it.each(['consentActive', 'sessionCompleted', 'fiDataReady'] as const)('a forged %s for a consent still PENDING at Setu changes nothing', async (kind) => {
    const who = await applicant();
    const consentId = await start(who);
    expect((await notify(about(kind, consentId))).statusCode).toBe(200);
    expect(await proofRow(consentId)).toMatchObject({ status: 'pending', data_session_id: null, income_summary: null });
    expect(await nextStepOf(who)).toBe('income_proof');
    expect((await poll(who, consentId)).body).toEqual(waitingForConsent);
  });

  it('a rejection notification: the consent is read again and failed', async () => {
    const who = await applicant();
    const consentId = await start(who);
    await post(t.app, `/api/dev/aa/${consentId}/reject`, undefined);
    expect((await notify(about('consentRejected', consentId))).statusCode).toBe(200);
    expect((await proofRow(consentId)).status).toBe('failed');
  });

  it('unknown consents get 200 and nothing; malformed bodies get 400', async () => {
    expect((await notify(about('consentActive', '00000000-0000-0000-0000-000000000000'))).json()).toEqual({ received: true });
    const unknownType = await notify({ type: 'SOMETHING', consentId: 'x' });
    expectError({ status: unknownType.statusCode, body: unknownType.json() }, 400, 'body is not valid');
    expect((await notify({ type: 'CONSENT_STATUS_UPDATE', consentId: '../etc' })).statusCode).toBe(400);
  });

  it('after the applicant moved on (skipped the step), a late notification settles the proof but moves no step', async () => {
    const who = await applicant();
    const consentId = await start(who);
    expect((await submitIncomeProof(t, who, { skip: 'true' })).statusCode).toBe(200);
    const after = await nextStepOf(who);
    await approve(consentId);
    expect((await notify(about('consentActive', consentId))).statusCode).toBe(200);
    expect((await proofRow(consentId)).status).toBe('verified');
    expect(await nextStepOf(who)).toBe(after);
  });
});

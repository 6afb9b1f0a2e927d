import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsFunnel, OpsFunnelStep } from '../../../core/api/types';
import { buildApp } from '../../../server/app';
import { createDatabase } from '../../../server/db/database';
import { journey } from '../../../core/engine/flow';
import { realFlow } from '../../fixtures/flow-config';
import { addEmailAndVerify } from '../email-helpers';
import { type TestApp, latestCode, newIp, newPhone, post, requestOtp, verifyOtp } from '../helpers';
import { newPan, opsCall, startOpsApp } from '../ops-fixtures';
import { listenLocally, postRaw } from '../raw-http';
import { type Applicant, send } from '../step-fixtures';

/**
 * The funnel (issue 17): a scripted mix of applicants who stop at different steps and make some errors, then the
 * counts, times and top errors that mix implies. Then: no personal data anywhere in the events table.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

const seconds = (n: number) => n * 1000;
const flow = realFlow();

/** Signs up, waits `wait` ms with the code, then verifies: mobile_verification reached, then completed. */
async function signUp(wait: number): Promise<Applicant> {
  const phone = newPhone();
  const verifyToken = await requestOtp(t.app, phone);
  t.clock.advance(wait);
  const response = await verifyOtp(t.app, phone, verifyToken, await latestCode(t.app, phone));
  expect(response.statusCode).toBe(200);
  return { phone, token: response.json<{ token: string }>().token };
}

function events(token: string | undefined, batch: unknown[]) {
  return t.app.inject({ method: 'POST', url: '/api/events', payload: { events: batch }, headers: token ? { 'x-access-token': token } : {}, remoteAddress: newIp() });
}

const formError = (route: string, message: string) => ({ type: 'form_error', route, message });
const emails: string[] = [];
const pans: string[] = [];
let mix: Applicant[] = [];

describe('GET /api/ops/funnel after a scripted mix of applicants', () => {
  beforeAll(async () => {
    // Six sign up; one never enters the code (and mistypes it twice, before signing in: counted for no one).
    await requestOtp(t.app, newPhone());
    expect((await events(undefined, [formError('/verify-otp', 'invalid otp'), formError('/verify-otp', 'invalid otp')])).statusCode).toBe(202);
    const a = await signUp(seconds(20));
    const b = await signUp(seconds(40));
    const c = await signUp(seconds(60));
    const d = await signUp(seconds(80));
    const e = await signUp(seconds(100));
    mix = [a, b, c, d, e];
    for (const who of mix) expect((await events(who.token, [{ type: 'page_view', route: '/add-email' }])).statusCode).toBe(202);

    // a and b stop at their email; a mistypes it once.
    expect((await events(a.token, [formError('/add-email', 'Enter valid Email Id')])).statusCode).toBe(202);
    // c, d and e verify it, 30 s, 60 s and 90 s after reaching the step.
    for (const [who, wait] of [[c, 30], [d, 60], [e, 90]] as const) {
      t.clock.advance(seconds(wait));
      const email = `funnel.${who.phone}@example.com`;
      emails.push(email);
      await addEmailAndVerify(t, who.token, email);
    }
    // c gives up on the PAN after two refusals; d and e verify theirs.
    expect((await send(t, c, '/api/user/pan-number', { pan: 'ABCPX0000X', dateOfBirth: '15/08/1990' })).status).toBe(400);
    expect((await events(c.token, [formError('/verify-pan', 'PAN card verification failed!'), formError('/verify-pan', 'PAN card verification failed!')])).statusCode).toBe(202);
    expect((await events(d.token, [formError('/verify-pan', 'Invalid date of birth')])).statusCode).toBe(202);
    for (const who of [d, e]) {
      const pan = newPan();
      pans.push(pan);
      expect((await send(t, who, '/api/user/pan-number', { pan, dateOfBirth: '15/08/1990' })).status).toBe(200);
      expect((await send(t, who, '/api/user/confirm-pan', {})).status).toBe(200);
    }
  });

  it('answers every journey step in flow order, with the counts, medians and top errors of the mix', async () => {
    const { status, body } = await opsCall<OpsFunnel>(t, 'GET', '/api/ops/funnel?from=2026-01-15&to=2026-01-15');
    expect(status).toBe(200);
    expect(body.from).toBe('2026-01-15T00:00:00.000Z');
    expect(body.to).toBe('2026-01-16T00:00:00.000Z');
    expect(body.steps.map((step) => step.step)).toEqual(journey(flow).filter((id) => id !== flow.afterJourney));
    const byStep = Object.fromEntries(body.steps.map((step) => [step.step, step])) as Record<string, OpsFunnelStep>;
    expect(byStep.mobile_verification).toEqual({
      step: 'mobile_verification',
      reached: 6,
      completed: 5,
      dropOff: 1,
      medianSeconds: 60,
      topErrors: [{ message: 'invalid otp', count: 2, translations: [{ language: 'hi', text: expect.any(String) }] }],
    });
    expect(byStep.email_verification).toEqual({
      step: 'email_verification',
      reached: 5,
      completed: 3,
      dropOff: 2,
      // c verified 210 s, d 190 s and e 180 s after reaching the step (they signed in, then verified, one after another).
      medianSeconds: 190,
      topErrors: [{ message: 'Enter valid Email Id', count: 1, translations: [{ language: 'hi', text: 'मान्य ईमेल आईडी दर्ज करें' }] }],
    });
    expect(byStep.pan_verification).toMatchObject({
      reached: 3,
      completed: 2,
      dropOff: 1,
      topErrors: [
        { message: 'PAN card verification failed!', count: 2 },
        { message: 'Invalid date of birth', count: 1 },
      ],
    });
    expect(byStep.aadhaar_verification).toMatchObject({ reached: 2, completed: 0, dropOff: 2, medianSeconds: null, topErrors: [] });
    expect(byStep.nominee).toMatchObject({ reached: 0, completed: 0, dropOff: 0, medianSeconds: null });
  });

  it('counts nothing outside the period', async () => {
    const { body } = await opsCall<OpsFunnel>(t, 'GET', '/api/ops/funnel?from=2026-01-16&to=2026-01-20');
    expect(body.steps.every((step) => step.reached === 0 && step.topErrors.length === 0)).toBe(true);
  });

  it('no personal data is found in the events table', async () => {
    const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
    try {
      const rows = await db.selectFrom('analytics_events').selectAll().execute();
      const users = await db.selectFrom('users').select(['id', 'phone', 'email', 'pan']).execute();
      expect(rows.length).toBeGreaterThan(30);
      const table = JSON.stringify(rows).toLowerCase();
      const personal = [...users.flatMap((user) => [user.id, user.phone, user.email, user.pan]), ...emails, ...pans].filter((value): value is string => !!value);
      expect(personal.filter((value) => table.includes(value.toLowerCase()))).toEqual([]);
      const texts = JSON.stringify(rows.map(({ step, route, outcome, message }) => ({ step, route, outcome, message })));
      expect(texts).not.toMatch(/\d{4}/);
      expect(new Set(rows.map((row) => row.type))).toEqual(new Set(['step_reached', 'step_completed', 'page_view', 'form_error']));
    } finally {
      await db.destroy();
    }
  });
});

describe('POST /api/events', () => {
  it.each([
    ['a phone number in a message', [formError('/login', 'No account for 9876543210')], 'events[0].message holds a run of digits; events carry no personal data'],
    ['an OTP in a message', [formError('/verify-otp', 'Code 4821 is wrong')], 'events[0].message holds a run of digits; events carry no personal data'],
    ['an email in a message', [formError('/add-email', 'ravi@example.com is taken')], 'events[0].message holds an email address; events carry no personal data'],
    ['a PAN in a message', [formError('/verify-pan', 'ABCDE1234F is not valid')], 'events[0].message holds a run of digits; events carry no personal data'],
    ['a spaced phone number', [formError('/login', 'Call 98 76 54 32 10')], 'events[0].message holds a run of digits; events carry no personal data'],
  ])('refuses %s: 400 and nothing recorded', async (_name, batch, message) => {
    const response = await events(undefined, batch);
    expect({ status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({ status: 400, message });
  });

  it.each([
    ['a field for a phone', [{ type: 'page_view', route: '/login', phone: '9876543210' }], 'a page_view has only type and route'],
    ['a field for a name on a bank outcome', [{ type: 'bank_outcome', route: '/link-bank-account', method: 'upi', outcome: 'success', name: 'RAVI' }], "body.events.0 has an unknown property 'name'"],
    ['a route the app does not have', [{ type: 'page_view', route: '/admin' }], 'body.events.0.route must be equal to one of the allowed values'],
    ['an event type the server keeps for itself', [{ type: 'step_completed', route: '/login' }], 'body.events.0.type must be equal to one of the allowed values'],
    ['a message on a page view', [{ type: 'page_view', route: '/login', message: 'hello' }], 'a page_view has only type and route'],
    ['a form error without its message', [{ type: 'form_error', route: '/login' }], 'a form_error has type, route and message'],
    ['a message too long', [formError('/login', 'x'.repeat(201))], 'body.events.0.message must NOT have more than 200 characters'],
    ['no events', [], 'body.events must NOT have fewer than 1 items'],
    ['21 events', Array.from({ length: 21 }, () => ({ type: 'page_view', route: '/login' })), 'body.events must NOT have more than 20 items'],
  ])('refuses %s: 400', async (_name, batch, message) => {
    const response = await events(undefined, batch);
    expect({ status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({ status: 400, message });
  });

  it('takes a bank outcome, and answers 202 with the count, signed in or not', async () => {
    const batch = [{ type: 'bank_outcome', route: '/link-bank-account', method: 'upi', outcome: 'failure', message: 'UPI payment request expired, please try again' }];
    const response = await events(undefined, batch);
    expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 202, body: { accepted: 1 } });
    const bad = await events(undefined, [{ ...batch[0], outcome: 'maybe' }]);
    expect(bad.statusCode).toBe(400);
  });

  it('over a real socket: a batch over 32 KB is 413 before it is read whole, and a well-formed one is 202', async () => {
    const base = await listenLocally(t);
    const big = Buffer.from(JSON.stringify({ events: [formError('/login', 'x'.repeat(100_000))] }));
    const refused = await postRaw(`${base}/api/events`, big, { 'content-type': 'application/json' });
    expect(refused.status).toBe(413);
    const fine = await postRaw(`${base}/api/events`, Buffer.from(JSON.stringify({ events: [{ type: 'page_view', route: '/login' }] })), { 'content-type': 'application/json' });
    expect({ status: fine.status, body: JSON.parse(fine.body) as unknown }).toEqual({ status: 202, body: { accepted: 1 } });
    const text = await postRaw(`${base}/api/events`, Buffer.from('type=page_view'), { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
  });

  it('caps one address at 240 events a minute: 429 with Retry-After', async () => {
    const batch = Array.from({ length: 20 }, () => ({ type: 'page_view', route: '/login' }));
    const send20 = () => t.app.inject({ method: 'POST', url: '/api/events', payload: { events: batch }, remoteAddress: '10.250.0.1' });
    for (let i = 0; i < 12; i += 1) expect((await send20()).statusCode).toBe(202);
    const over = await send20();
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('retention', () => {
  it('events older than the retention are swept when the server starts (and every 6 hours while it runs)', async () => {
    const app = await startOpsApp({ eventsRetentionDays: 30 });
    try {
      expect((await post(app.app, '/api/signup', { phone: newPhone() })).statusCode).toBe(200);
      const count = async () => {
        const db = createDatabase({ dataDir: app.dir, databaseUrl: app.databaseUrl });
        try {
          return (await db.selectFrom('analytics_events').selectAll().execute()).length;
        } finally {
          await db.destroy();
        }
      };
      expect(await count()).toBe(1);
      const later = await buildApp({
        dataDir: app.dir,
        clock: () => app.clock.now + 31 * 24 * 3_600_000,
        secret: 'test-secret',
        staticDir: '/nonexistent',
        bank: { branchSnapshot: false },
        eventsRetentionDays: 30,
        ...(app.databaseUrl ? { databaseUrl: app.databaseUrl } : {}),
      });
      await later.close();
      expect(await count()).toBe(0);
    } finally {
      await app.close();
    }
  });
});


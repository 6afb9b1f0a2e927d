import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyConfig } from '../../fixtures/config-edits';
import type { OpsActionResponse } from '../../../core/api/types';
import { displayDate, indianDate } from '../../../core/engine/rectification';
import { loadConfig } from '../../../server/config/load-config';
import { main } from '../../../scripts/ops';
import { type TestApp, signIn } from '../helpers';
import { type ReviewApplicant, decide, emailsTo, opsCall, opsToken, reviewApplicant, startOpsApp, userOf } from '../ops-fixtures';
import { withDb } from '../stored-records';
import { expectError, send, validModification } from '../step-fixtures';

/**
 * The rectification deadline (flow.json review): after a reject the applicant has rectificationDays to fix what was
 * sent back, is reminded on the reminder days, and at the deadline the application expires; the back office may
 * reopen it. Days and texts are read from the config, so the test follows an edit of them.
 */

const { review } = loadConfig().flow;
const rules = review.rectification!;
const days = review.rectificationDays ?? 15;
const day = 86_400_000;

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

const sweep = (at: number) => opsCall<{ reminded: string[]; expired: string[] }>(t, 'POST', '/api/ops/sweep', { now: new Date(at).toISOString() });
const auditOf = (id: string) =>
  withDb(t, async (db) => (await db.selectFrom('audit_trail').select(['actor', 'action', 'note']).where('user_id', '=', id).orderBy('at').orderBy('id').execute()));

async function rejected(): Promise<{ who: ReviewApplicant; at: number; deadline: string }> {
  const who = await reviewApplicant(t);
  const at = t.clock.now;
  expect((await decide(t, who.id, { action: 'reject', rejectedSteps: { personal_details: 'Father name mismatch' } })).status).toBe(200);
  return { who, at, deadline: displayDate(indianDate(at + days * day)) };
}

describe('after a reject', () => {
  it('the applicant sees the date to fix by, and the reject email says it', async () => {
    const { who, at, deadline } = await rejected();
    expect((await userOf(t, who)).rectifyBy).toBe(indianDate(at + days * day));
    expect((await emailsTo(t, who.email))[0]?.text).toContain(`complete these steps again by ${deadline}:`);
  });

  it('reminders go out on the configured days, once each; at the deadline the application expires and the applicant is told', async () => {
    const { who, at, deadline } = await rejected();
    const first = rules.reminderDays[0] ?? 1;
    expect((await sweep(at + first * day - 1)).body.reminded).not.toContain(who.id);
    expect((await sweep(at + first * day)).body.reminded).toContain(who.id);
    expect((await sweep(at + first * day + 1)).body.reminded).not.toContain(who.id);
    const reminders = (await emailsTo(t, who.email)).filter((email) => email.subject === rules.reminderEmail.subject.replace('{deadline}', deadline));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain('- Personal Details: Father name mismatch');

    expect((await sweep(at + days * day - 1)).body.expired).not.toContain(who.id);
    const expiry = await sweep(at + days * day);
    expect(expiry.body.expired).toContain(who.id);
    expect(await userOf(t, who)).toMatchObject({ nextStep: rules.expiredStatus, rectifyBy: indianDate(at + days * day) });
    expect((await emailsTo(t, who.email))[0]).toMatchObject({ subject: rules.expiredEmail.subject });
    const actions = (await auditOf(who.id)).filter((entry) => entry.actor === 'system').map((entry) => entry.action);
    expect(actions).toEqual([...rules.reminderDays.map(() => 'email_sent'), 'expired', 'email_sent']);
    // Expired: nothing more can be fixed.
    expectError(await send(t, who, '/api/user/modification/details', validModification), 400, 'please complete previous steps');
  });

  it('an applicant who fixed everything in time is not touched by the sweep', async () => {
    const { who, at } = await rejected();
    expect((await send(t, who, '/api/user/modification/details', validModification)).status).toBe(200);
    expect((await sweep(at + days * day + 1)).body.expired).not.toContain(who.id);
    expect(await userOf(t, who)).toMatchObject({ nextStep: 'verification_pending', rectifyBy: null });
  });

  it('the back office reopens an expired application with the same steps and a fresh deadline; anything else is 409', async () => {
    const { who, at } = await rejected();
    expectError(await opsCall(t, 'POST', `/api/ops/applications/${who.id}/reopen`, {}), 409, "only an application at 'expired' can be reopened; this one is at 'modification'");
    await sweep(at + days * day);
    t.clock.advance(20 * day);
    const reopened = await opsCall<OpsActionResponse>(t, 'POST', `/api/ops/applications/${who.id}/reopen`, {});
    expect(reopened.body).toEqual({ message: `reopen: ${rules.expiredStatus} → modification`, nextStep: 'modification', rejectedSteps: { personal_details: { reason: 'Father name mismatch' } }, emailSent: true });
    expect((await emailsTo(t, who.email))[0]?.subject).toBe(rules.reopenEmail.subject);
    // Twenty days on, the applicant signs in again: a fresh deadline, and the fix is taken.
    const back = { ...who, token: (await signIn(t, who.phone)).token };
    expect((await userOf(t, back)).rectifyBy).toBe(indianDate(t.clock.now + days * day));
    expect((await send(t, back, '/api/user/modification/details', validModification)).status).toBe(200);
  });

  it('the sweep is the back office\'s: no token, no sweep; a malformed time is refused', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/ops/sweep', payload: {} })).statusCode).toBe(401);
    expectError(await opsCall(t, 'POST', '/api/ops/sweep', { now: 'next tuesday' }), 400, 'now must be an ISO date-time, e.g. 2026-12-01T10:00:00Z');
  });
});

describe('the sweep in production and in the server', () => {
  it('in production the sweep runs at the server\'s own time only', async () => {
    const production = await startOpsApp({ production: true, documentsKey: Buffer.alloc(32, 7).toString('base64') });
    try {
      expectError(await opsCall(production, 'POST', '/api/ops/sweep', { now: '2030-01-01T00:00:00Z' }), 400, "now is accepted outside production only: the sweep runs at the server's time");
      expect((await opsCall(production, 'POST', '/api/ops/sweep', {})).status).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('runs by itself on its interval', async () => {
    const ticking = await startOpsApp({ sweepIntervalMs: 50 });
    try {
      const who = await reviewApplicant(ticking);
      await decide(ticking, who.id, { action: 'reject', rejectedSteps: { personal_details: 'Blurred' } });
      ticking.clock.advance(days * day);
      const status = () => withDb(ticking, async (db) => (await db.selectFrom('users').select('next_step').where('id', '=', who.id).executeTakeFirstOrThrow()).next_step);
      await expect.poll(status, { timeout: 5000 }).toBe(rules.expiredStatus);
    } finally {
      await ticking.close();
    }
  });
});

describe('npm run ops -- sweep | reopen', () => {
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const ops = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(argv, { env: { OPS_URL: baseUrl, OPS_TOKEN: opsToken }, fetch, out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('sweeps as of a given time, then reopens', async () => {
    const { who, at } = await rejected();
    const expiredAt = new Date(at + days * day).toISOString();
    const swept = await ops(['sweep', '--now', expiredAt]);
    expect(swept.code).toBe(0);
    expect(swept.out).toContain(`Sweep as of ${expiredAt}`);
    expect(swept.out).toMatch(new RegExp(`Expired \\(\\d+\\): .*${who.id}`));
    const reopened = await ops(['reopen', who.id]);
    expect(reopened).toEqual({ code: 0, out: `reopen: ${rules.expiredStatus} → modification\nThe applicant was emailed.`, err: '' });
    expect((await ops(['reopen'])).code).toBe(2);
    expect((await ops(['sweep', 'now'])).code).toBe(2);
  });
});

describe('the deadline by KRA status (review.rectification.daysByKraStatus)', () => {
  it('an applicant whose KRA record is registered gets the days configured for registered; the general days stay for the rest', async () => {
    const copy = copyConfig();
    const flowFile = join(copy.configDir, 'flow.json');
    const flow = JSON.parse(readFileSync(flowFile, 'utf8')) as { review: { rectification: Record<string, unknown> } };
    flow.review.rectification.daysByKraStatus = { registered: 20 };
    writeFileSync(flowFile, JSON.stringify(flow));
    const edited = await startOpsApp({ configDir: copy.configDir });
    try {
      const who = await reviewApplicant(edited);
      const at = edited.clock.now;
      expect((await userOf(edited, who)).kraStatus).toBe('registered');
      expect((await decide(edited, who.id, { action: 'reject', rejectedSteps: { personal_details: 'Father name mismatch' } })).status).toBe(200);
      expect((await userOf(edited, who)).rectifyBy).toBe(indianDate(at + 20 * day));
    } finally {
      await edited.close();
      rmSync(copy.root, { recursive: true, force: true });
    }
  });
});

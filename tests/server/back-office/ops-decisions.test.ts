import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../../../server/config/load-config';
import type { ApiErrorBody, OpsActionResponse, OpsApplicationResponse, StepSavedResponse } from '../../../core/api/types';
import type { EmailClient } from '../../../server/providers/email/email';
import type { TestApp } from '../helpers';
import { decide, emailsTo, opsCall, reviewApplicant, startOpsApp, userOf } from '../ops-fixtures';
import { applicantAt, expectError, send, setUserRow, validModification } from '../step-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

const auditOf = async (app: TestApp, id: string) =>
  (await opsCall<OpsApplicationResponse>(app, 'GET', `/api/ops/applications/${id}`)).body.application.audit;

describe('POST /api/ops/applications/{id}/decision', () => {
  it.each([
    ['approve', 'verification_pending', 'verified', 'Welcome to Onboard: your application is approved'],
    ['approve', 're_verification', 'verified', 'Welcome to Onboard: your application is approved'],
    ['setup', 'verified', 'user_setup', 'Your Onboard account is being set up'],
    ['complete', 'user_setup', 'completed', 'Your Onboard account is ready'],
    ['reverify', 'verification_pending', 're_verification', 'Re-verification required for your Onboard application'],
  ])('%s from %s: the applicant is at %s, emailed, and the audit trail says so', async (action, from, to, subject) => {
    const who = await reviewApplicant(t, from);
    const { status, body } = await decide(t, who.id, { action });
    expect(status).toBe(200);
    expect(body).toEqual({ message: `${action}: ${from} → ${to}`, nextStep: to, rejectedSteps: {}, emailSent: true });
    expect(await userOf(t, who)).toMatchObject({ currentStep: from, nextStep: to, rejectedSteps: {} });
    const [email] = await emailsTo(t, who.email);
    expect(email?.subject).toBe(subject);
    expect(email?.text).toMatch(/^Dear [A-Z]+ [A-Z]+,\n\n/);
    const audit = await auditOf(t, who.id);
    expect(audit.map(({ action: a, fromStep, toStep, reasons, note }) => ({ a, fromStep, toStep, reasons, note }))).toEqual([
      { a: action, fromStep: from, toStep: to, reasons: null, note: null },
      { a: 'email_sent', fromStep: null, toStep: null, reasons: null, note: subject },
    ]);
  });

  it('reject: modification with exactly those steps as { step: { reason } }, the reasons emailed and audited', async () => {
    const who = await reviewApplicant(t);
    const rejectedSteps = { pan_image_upload: 'PAN image is blurred', personal_details: ' Father name mismatch ' };
    const { status, body } = await decide(t, who.id, { action: 'reject', rejectedSteps });
    expect(status).toBe(200);
    const stored = { pan_image_upload: { reason: 'PAN image is blurred' }, personal_details: { reason: 'Father name mismatch' } };
    expect(body).toEqual({
      message: 'reject: verification_pending → modification (sent back: pan_image_upload, personal_details)',
      nextStep: 'modification',
      rejectedSteps: stored,
      emailSent: true,
    });
    expect(await userOf(t, who)).toMatchObject({ nextStep: 'modification', rejectedSteps: stored });
    const [email] = await emailsTo(t, who.email);
    expect(email?.subject).toBe('Action needed on your Onboard application');
    expect(email?.text).toContain('- PAN Image Upload: PAN image is blurred\n- Personal Details: Father name mismatch\n');
    const [entry] = await auditOf(t, who.id);
    expect(entry).toMatchObject({ action: 'reject', reasons: { pan_image_upload: 'PAN image is blurred', personal_details: 'Father name mismatch' } });
  });

  it.each([
    ['approve', 'bank_details'],
    ['approve', 'verified'],
    ['approve', 'modification'],
    ['reject', 'completed'],
    ['reject', 'modification'],
    ['reverify', 're_verification'],
    ['setup', 'verification_pending'],
    ['complete', 'verified'],
    ['complete', 'completed'],
  ])('%s from %s: 409 with what is allowed, nothing changes, nothing is sent', async (action, from) => {
    const who = await reviewApplicant(t, from);
    const before = (await emailsTo(t, who.email)).length;
    const body = action === 'reject' ? { action, rejectedSteps: { personal_details: 'x' } } : { action };
    const answer = await decide(t, who.id, body);
    expect(answer.status).toBe(409);
    expect((answer.body as ApiErrorBody).message).toMatch(new RegExp(`^cannot ${action} an application at '${from}'; ${action} is allowed from: [a-z_, ]+$`));
    expect((await userOf(t, who)).nextStep).toBe(from);
    expect(await emailsTo(t, who.email)).toHaveLength(before);
    expect(await auditOf(t, who.id)).toEqual([]);
  });

  // The steps flow.json lets reviewers send back, as the refusal lists them.
  const rejectable = loadConfig().flow.review.rejectable.join(', ');
  it.each<[string, unknown, string]>([
    ['an unknown step', { action: 'reject', rejectedSteps: { pan_photo: 'x' } }, "unknown step 'pan_photo'"],
    ['a step that cannot be fixed', { action: 'reject', rejectedSteps: { bank_details: 'x' } }, `step 'bank_details' cannot be rejected; rejectable steps: ${rejectable}`],
    ['a status, not a journey step', { action: 'reject', rejectedSteps: { verified: 'x' } }, `step 'verified' cannot be rejected; rejectable steps: ${rejectable}`],
    ['a blank reason', { action: 'reject', rejectedSteps: { personal_details: '  ' } }, "give a reason for rejecting 'personal_details'"],
    ['no steps', { action: 'reject', rejectedSteps: {} }, 'reject needs rejectedSteps: each step to send back, with its reason'],
    ['no rejectedSteps', { action: 'reject' }, 'reject needs rejectedSteps: each step to send back, with its reason'],
    ['rejectedSteps on approve', { action: 'approve', rejectedSteps: { personal_details: 'x' } }, 'rejectedSteps is only for reject'],
    ['an unknown action', { action: 'delete' }, 'action must be one of: reject, approve, setup, complete, reverify'],
    ['no action', {}, 'action must be one of: reject, approve, setup, complete, reverify'],
    ['a reason that is not text', { action: 'reject', rejectedSteps: { personal_details: 5 } }, 'rejectedSteps must map each step to a reason of at most 500 characters'],
    ['a reason too long', { action: 'reject', rejectedSteps: { personal_details: 'x'.repeat(501) } }, 'rejectedSteps must map each step to a reason of at most 500 characters'],
    ['an unknown property', { action: 'approve', note: 'x' }, "body has an unknown property 'note'"],
  ])('%s: 400, and the applicant stays where they are', async (_name, body, message) => {
    const who = await reviewApplicant(t);
    expectError(await decide(t, who.id, body), 400, message);
    expect((await userOf(t, who)).nextStep).toBe('verification_pending');
  });

  it('an unknown application: 404', async () => {
    expectError(await decide(t, '00000000-0000-0000-0000-000000000000', { action: 'approve' }), 404, 'application not found');
  });

  it('a failed email does not undo the decision: emailSent false, audited as email_failed', async () => {
    const broken: EmailClient = { name: 'broken', send: async () => Promise.reject(new Error('SMTP down')) };
    const app = await startOpsApp({ providers: { email: broken } });
    try {
      const who = await applicantAt(app, 'verification_pending');
      await setUserRow(app, who.phone, { email: 'someone@example.com' });
      const id = (await userOf(app, who)).id;
      const { status, body } = await decide(app, id, { action: 'approve' });
      expect({ status, emailSent: (body as OpsActionResponse).emailSent }).toEqual({ status: 200, emailSent: false });
      const audit = await auditOf(app, id);
      expect(audit.map((entry) => [entry.action, entry.note])).toEqual([
        ['approve', null],
        ['email_failed', 'not delivered: Welcome to Onboard: your application is approved'],
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('the review loop, applicant side', () => {
  const fix = '/api/user/modification/details';

  it('an applicant cannot fix a step that was not rejected', async () => {
    const who = await reviewApplicant(t);
    await decide(t, who.id, { action: 'reject', rejectedSteps: { signature: 'Signature does not match' } });
    expectError(await send(t, who, fix, validModification), 400, 'please complete previous steps');
    expect((await userOf(t, who)).rejectedSteps).toEqual({ signature: { reason: 'Signature does not match' } });
  });

  it('fixing one of two rejected steps keeps modification; fixing all of them is back at verification_pending', async () => {
    const both = await reviewApplicant(t);
    await decide(t, both.id, { action: 'reject', rejectedSteps: { pan_image_upload: 'Blurred', personal_details: 'Mismatch' } });
    const partly = await send<StepSavedResponse>(t, both, fix, validModification);
    expect(partly.body.user).toMatchObject({ nextStep: 'modification', rejectedSteps: { pan_image_upload: { reason: 'Blurred' } } });

    const one = await reviewApplicant(t);
    await decide(t, one.id, { action: 'reject', rejectedSteps: { personal_details: 'Mismatch' } });
    const { status, body } = await send<StepSavedResponse>(t, one, fix, validModification);
    expect(status).toBe(200);
    expect(body.user).toMatchObject({ nextStep: 'verification_pending', rejectedSteps: {}, ...validModification });
    // The applicant's own submissions leave the trail as the back office wrote it.
    expect((await auditOf(t, one.id)).map((entry) => entry.action)).toEqual(['reject', 'email_sent']);
    // And the back office can decide again.
    expect((await decide(t, one.id, { action: 'approve' })).status).toBe(200);
  });

  it('a reject replaces rejections left from an earlier review', async () => {
    const who = await reviewApplicant(t, 're_verification');
    await setUserRow(t, who.phone, { rejected_steps: JSON.stringify({ signature: { reason: 'old' } }) });
    await decide(t, who.id, { action: 'reject', rejectedSteps: { income_proof: 'Statement older than 6 months' } });
    expect((await userOf(t, who)).rejectedSteps).toEqual({ income_proof: { reason: 'Statement older than 6 months' } });
  });
});

describe('the audit trail is appended only, and only by the back office, the sweep and the applicant\'s data-rights requests', () => {
  it('only the ops actions, the rectification sweep and the applicant\'s own data-rights requests append to it (the repository has no update or delete)', () => {
    const serverDir = join(repoRoot, 'server');
    const files = readdirSync(serverDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts'));
    const writers = files.filter((file) => /appendAudit|insertInto\('audit_trail'\)|updateTable\('audit_trail'\)|deleteFrom\('audit_trail'\)/.test(readFileSync(join(serverDir, file), 'utf8')));
    expect(writers.map((file) => relative('.', file)).sort()).toEqual([
      'back-office/services/decisions.ts',
      'back-office/services/documents.ts',
      'back-office/services/rectification.ts',
      'back-office/services/review-email.ts',
      'data-rights/consents.ts',
      'data-rights/service.ts',
      'platform/repositories/audit-trail.ts',
    ]);
    const repository = readFileSync(join(serverDir, 'platform/repositories/audit-trail.ts'), 'utf8');
    expect(repository).not.toMatch(/updateTable|deleteFrom/);
  });
});

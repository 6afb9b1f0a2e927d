import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsActionResponse, OpsApplicationResponse } from '../../../core/api/types';
import { decodeRekycData, encodeRekycData } from '../../../core/engine/rekyc-link';
import type { UserRow } from '../../../server/db/schema';
import { ApiError } from '../../../server/errors';
import type { EmailClient } from '../../../server/providers/email/email';
import { resolveRekycTarget } from '../../../server/rekyc/service';
import { realFlow } from '../../fixtures/flow-config';
import { loadConfig } from '../../../server/config/load-config';
import { sayFrom } from '../../../core/engine/message-codes';

const say = sayFrom(loadConfig().messages);
import type { TestApp } from '../helpers';
import { emailsTo, opsCall, publicUrl, reviewApplicant, startOpsApp, userOf } from '../ops-fixtures';
import { applicantAt, expectError, setUserRow } from '../step-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

const rekyc = (app: TestApp, id: string) => opsCall<OpsActionResponse>(app, 'POST', `/api/ops/applications/${id}/rekyc`);

describe('POST /api/ops/applications/{id}/rekyc', () => {
  it('emails the applicant the link /?context=income_declaration&data=<base64 of phone:id> on PUBLIC_URL, and audits it', async () => {
    const who = await reviewApplicant(t, 'completed');
    const { status, body } = await rekyc(t, who.id);
    expect(status).toBe(200);
    const data = btoa(`${who.phone}:${who.id}`);
    const link = `${publicUrl}/?context=income_declaration&data=${encodeURIComponent(data)}`;
    expect(body).toEqual({ message: 'Re-KYC link emailed', nextStep: 'completed', rejectedSteps: {}, emailSent: true, link });
    const parsed = new URL(link);
    expect(decodeRekycData(parsed.searchParams.get('data') ?? '')).toEqual({ phone: who.phone, id: who.id });
    const [email] = await emailsTo(t, who.email);
    expect(email?.subject).toBe('Please update your income declaration');
    expect(email?.text).toContain(`\n${link}\n`);
    const { body: shown } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${who.id}`);
    expect(shown.application.audit.map((entry) => [entry.action, entry.note])).toEqual([
      ['rekyc', null],
      ['email_sent', 'Please update your income declaration'],
    ]);
    // The link's phone never reaches the applicant's own record or step.
    expect(shown.application.user.nextStep).toBe('completed');
  });

  it('the link is built on the default address without PUBLIC_URL', async () => {
    const app = await startOpsApp({ publicUrl: undefined });
    try {
      const who = await reviewApplicant(app, 'verified');
      expect((await rekyc(app, who.id)).body.link).toMatch(/^http:\/\/localhost:3000\/\?context=income_declaration&data=/);
    } finally {
      await app.close();
    }
  });

  it.each(['verification_pending', 'modification', 'bank_details'])('from %s: 409, nothing sent', async (status) => {
    const who = await reviewApplicant(t, status);
    const before = await emailsTo(t, who.email);
    const answer = await rekyc(t, who.id);
    expect(answer.status).toBe(409);
    expect((answer.body as unknown as { message: string }).message).toBe(
      `cannot send a re-KYC link to an application at '${status}'; allowed from: verified, user_setup, completed`,
    );
    expect(await emailsTo(t, who.email)).toEqual(before);
  });

  it('an applicant without an email address: 409', async () => {
    const who = await applicantAt(t, 'completed');
    expectError(await rekyc(t, (await userOf(t, who)).id), 409, 'the applicant has no email address');
  });

  it('an email that cannot be sent: 502, audited as email_failed', async () => {
    const broken: EmailClient = { name: 'broken', send: async () => Promise.reject(new Error('SMTP down')) };
    const app = await startOpsApp({ providers: { email: broken } });
    try {
      const who = await applicantAt(app, 'completed');
      await setUserRow(app, who.phone, { email: 'someone@example.com' });
      const id = (await userOf(app, who)).id;
      expectError(await rekyc(app, id), 502, 'the re-KYC email could not be sent; try again');
      const { body } = await opsCall<OpsApplicationResponse>(app, 'GET', `/api/ops/applications/${id}`);
      expect(body.application.audit.map((entry) => entry.action)).toEqual(['rekyc', 'email_failed']);
    } finally {
      await app.close();
    }
  });
});

describe('resolveRekycTarget', () => {
  const ctx = { flow: realFlow() };
  const applicant = { id: 'a1b2c3', phone: '9876543210', next_step: 'completed' } as UserRow;
  const other = { id: 'z9y8x7', phone: '9123456780', next_step: 'completed' } as UserRow;
  const own = encodeRekycData(applicant.phone, applicant.id);

  it('the signed-in applicant with their own link, or with none', () => {
    expect(resolveRekycTarget(ctx, applicant, own)).toEqual({ user: applicant, link: { phone: applicant.phone, id: applicant.id } });
    expect(resolveRekycTarget(ctx, applicant, undefined)).toEqual({ user: applicant, link: null });
    expect(resolveRekycTarget(ctx, applicant, '')).toEqual({ user: applicant, link: null });
  });

  it.each<[string, UserRow | null, string, number, string]>([
    ['not base64', applicant, '%%%', 400, 'This re-KYC link is not valid: it is not base64'],
    ['no colon', applicant, btoa('9876543210'), 400, "This re-KYC link is not valid: it is not 'phone:id'"],
    ['a 9-digit phone', applicant, btoa('987654321:a1b2c3'), 400, 'This re-KYC link is not valid: the phone number is not 10 digits'],
    ['a malformed link, signed out', null, btoa('x:y'), 400, 'This re-KYC link is not valid: the phone number is not 10 digits'],
    ['a good link, signed out', null, own, 401, 'unauthorized'],
    ['no link, signed out', null, '', 401, 'unauthorized'],
    ['another applicant’s link', other, own, 403, 'This re-KYC link belongs to another applicant'],
    ['the right id with another phone', applicant, encodeRekycData('9000000000', applicant.id), 403, 'This re-KYC link belongs to another applicant'],
    ['an applicant still on the journey', { ...applicant, next_step: 'bank_details' }, own, 400, 'please complete previous steps'],
  ])('%s: %i', (_name, user, data, status, message) => {
    let error: unknown;
    try {
      resolveRekycTarget(ctx, user, data);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ApiError);
    const refusal = error as ApiError;
    expect({ status: refusal.statusCode, message: say(refusal.code, refusal.values) }).toEqual({ status, message });
  });
});

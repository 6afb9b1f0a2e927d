import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse } from '../../../core/api/types';
import { tempConfigDir } from '../../fixtures/flow-config';
import { configProblems } from '../../fixtures/flow-config';
import { type TestApp, latestCode, outbox, startTestApp, wrongCode } from '../helpers';
import { esignList } from '../identity-fixtures';
import { stepAnswersOf } from '../stored-records';
import { type Applicant, applicantAt, expectError, send, setUserRow } from '../step-fixtures';

/**
 * Issue 30, SEBI's nomination rules (January 2025): opting out online needs the investor's eSign, or an OTP sent to
 * both the mobile and the email; the nominee page's skip declaration says which (`verify`), and the opt-out is then
 * signed at eSign, or verified by both codes and not signed again.
 */

/** A copy of the config whose opt-out is verified by `verify`. */
function withOptOut(verify: string | undefined): string {
  const dir = tempConfigDir((flow) => flow);
  const path = join(dir, 'pages', 'nominee.json');
  const file = JSON.parse(readFileSync(path, 'utf8')) as { pages: Record<string, { form: { skip: { declaration: Record<string, unknown> } } }> };
  const declaration = file.pages['/add-nominee']!.form.skip.declaration;
  if (verify === undefined) delete declaration.verify;
  else declaration.verify = verify;
  writeFileSync(path, JSON.stringify(file));
  return dir;
}

let otp: TestApp;
let esign: TestApp;
beforeAll(async () => {
  otp = await startTestApp({ configDir: withOptOut('otp') });
  esign = await startTestApp();
});
afterAll(async () => {
  await otp?.close();
  await esign?.close();
});

let counter = 0;
async function atNominee(t: TestApp): Promise<Applicant & { email: string }> {
  const who = await applicantAt(t, 'nominee', {}, 'signature');
  counter += 1;
  const email = `optout${counter}@example.in`;
  await setUserRow(t, who.phone, { email });
  return { ...who, email };
}

describe('check:config', () => {
  it("refuses a method that is neither 'esign' nor 'otp'", () => {
    expect(configProblems(withOptOut('sms')).join('\n')).toMatch(/flow-config\/pages\/nominee\.json: page \/add-nominee: \/form\/skip\/declaration\/verify must be equal to one of the allowed values/);
  });
});

describe("opt-out verified by OTP to the mobile and the email ('otp')", () => {
  it('needs both codes: asked without them, refused; with a wrong one, refused; with both, stored as verified by OTP, acknowledged, and not signed again', async () => {
    const who = await atNominee(otp);
    const none = await send<{ errors: Record<string, string[]> }>(otp, who, '/api/user/skip-nominee', {});
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({
      mobileOtp: ['Enter the code sent to your mobile and the one sent to your email'],
      emailOtp: ['Enter the code sent to your mobile and the one sent to your email'],
    });

    const sent = await send<{ message: string }>(otp, who, '/api/user/skip-nominee/codes', {});
    expect(sent).toEqual({ status: 200, body: { message: 'We have sent a code to your mobile and to your email' } });
    const [mobileOtp, emailOtp] = [await latestCode(otp.app, who.phone), await latestCode(otp.app, who.email)];
    expectError(await send(otp, who, '/api/user/skip-nominee', { mobileOtp, emailOtp: wrongCode(emailOtp) }), 400, 'invalid otp');
    expect((await stepAnswersOf(otp, who)).nominee).toBeUndefined();

    const skipped = await send<StepSavedResponse>(otp, who, '/api/user/skip-nominee', { mobileOtp, emailOtp });
    expect(skipped.status).toBe(200);
    expect((await stepAnswersOf(otp, who)).nominee).toMatchObject({
      skipped: true,
      optOutVerifiedBy: 'otp',
      skipDeclaration: { title: 'I do not wish to nominate' },
      nominationReference: expect.stringMatching(/^NOM-/),
    });
    await setUserRow(otp, who.phone, { current_step: 'income_proof', next_step: 'aadhaar_e_sign_documents' });
    expect((await esignList(otp, who)).map((entry) => entry.name)).toEqual(['KRA Form', 'Account Opening Form']);
  });

  it('a code used once does not verify a second opt-out', async () => {
    const who = await atNominee(otp);
    await send(otp, who, '/api/user/skip-nominee/codes', {});
    const codes = { mobileOtp: await latestCode(otp.app, who.phone), emailOtp: await latestCode(otp.app, who.email) };
    expect((await send(otp, who, '/api/user/skip-nominee', codes)).status).toBe(200);
    await setUserRow(otp, who.phone, { current_step: 'signature', next_step: 'nominee' });
    expect((await send(otp, who, '/api/user/skip-nominee', codes)).status).toBe(400);
  });

  it('without an email on record, no codes are sent', async () => {
    const who = await applicantAt(otp, 'nominee', {}, 'signature');
    const before = (await outbox(otp.app, who.phone)).length;
    expectError(await send(otp, who, '/api/user/skip-nominee/codes', {}), 409, 'Add and verify your email first: the codes go to your mobile and your email');
    expect(await outbox(otp.app, who.phone)).toHaveLength(before);
  });
});

describe("opt-out by eSign ('esign', as shipped)", () => {
  it('sends no codes; the opt-out is stored as to be eSigned, and the eSign list has its declaration', async () => {
    const who = await atNominee(esign);
    expectError(await send(esign, who, '/api/user/skip-nominee/codes', {}), 404, 'Not Found');
    expect((await send(esign, who, '/api/user/skip-nominee', {})).status).toBe(200);
    expect((await stepAnswersOf(esign, who)).nominee).toMatchObject({ optOutVerifiedBy: 'esign' });
    await setUserRow(esign, who.phone, { current_step: 'income_proof', next_step: 'aadhaar_e_sign_documents' });
    expect((await esignList(esign, who)).map((entry) => entry.name)).toEqual(['KRA Form', 'Account Opening Form', 'Nomination Opt-out Declaration']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse } from '../../../core/api/types';
import { messagesOf } from '../language-fixtures';
import { defaultConfigDir } from '../../../server/config/load-config';
import { messageText } from '../../../core/engine/message-codes';
import { type TestApp, auth, outbox, startTestApp } from '../helpers';
import { nominee, minorNominee } from '../nominee-payloads';
import { stepAnswersOf } from '../stored-records';
import { type Applicant, applicantAt, send, setUserRow } from '../step-fixtures';
import { multipart, phoneJpeg } from '../upload-fixtures';

/**
 * Issue 30, SEBI's nomination rules (circular of 10 January 2025, amended 28 February 2025): up to 10 nominees, each
 * with one of the three identifiers the rule names, at most one adult nominee who may operate the account, and an
 * acknowledgement with a reference for every submission (nominees or the opt-out), on the record and by email.
 */

let t: TestApp;
let proof: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  proof = await phoneJpeg(400, 300);
});
afterAll(() => t.close());

const hindi = messagesOf(defaultConfigDir, 'hi');
let counter = 0;

async function atNominee(language: 'en' | 'hi' = 'en'): Promise<Applicant & { email: string }> {
  const who = await applicantAt(t, 'nominee', {}, 'signature');
  counter += 1;
  const email = `nominator${counter}@example.in`;
  await setUserRow(t, who.phone, { email, language });
  return { ...who, email };
}

async function sendNominees(who: Applicant, list: Record<string, unknown>[], proofs = list.length) {
  const { body, contentType } = multipart([
    { name: 'nomineeDetails', value: JSON.stringify(list) },
    ...list.slice(0, proofs).map((_, index) => ({ name: `documentProof_${index}`, filename: `proof${index}.jpg`, contentType: 'image/jpeg', data: proof })),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/user/add-nominee', payload: body, headers: { ...auth(who.token).headers, 'content-type': contentType } });
  return { status: response.statusCode, body: response.json<StepSavedResponse & { errors?: Record<string, string[]> }>() };
}

/** Ten nominees, shares adding up to 100, the identifiers going round the three kinds. */
function tenNominees(): Record<string, unknown>[] {
  const kinds: [string, string][] = [['aadhar_card', '4321'], ['pan_card', 'ABCPR1234K'], ['driving_license', 'KA0120190001234']];
  return Array.from({ length: 10 }, (_, index) => {
    const [documentType, documentNumber] = kinds[index % 3]!;
    return nominee({ firstName: `Nominee${'ABCDEFGHIJ'[index]}`, sharePercentage: 10, documentType, documentNumber, ...(index === 0 ? { mayOperateAccount: true } : {}) });
  });
}

const referencePattern = /^NOM-20260115-[0-9]{6}$/;

describe('nominees as SEBI revised them (2025)', () => {
  it('ten nominees, one identifier each of the three kinds; the Aadhaar kept masked; an acknowledgement with its reference, on the record and by email', async () => {
    const who = await atNominee();
    const saved = await sendNominees(who, tenNominees());
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Nominee Details Saved!');
    const reference = (saved.body.user as { nominationReference?: string }).nominationReference ?? '';
    expect(reference).toMatch(referencePattern);
    const stored = (await stepAnswersOf(t, who)).nominee as { nominees: Record<string, unknown>[]; nominationReference: string; nominationAcknowledgedAt: string };
    expect(stored.nominees).toHaveLength(10);
    expect(stored.nominees.map((n) => [n.documentType, n.documentNumber])).toEqual(
      Array.from({ length: 10 }, (_, i) => [[['aadhar_card', 'XXXXXXXX4321'], ['pan_card', 'ABCPR1234K'], ['driving_license', 'KA0120190001234']][i % 3]![0], [['aadhar_card', 'XXXXXXXX4321'], ['pan_card', 'ABCPR1234K'], ['driving_license', 'KA0120190001234']][i % 3]![1]]),
    );
    expect(stored.nominees[0]?.mayOperateAccount).toBe(true);
    expect(stored).toMatchObject({ nominationReference: reference, nominationAcknowledgedAt: new Date(t.clock.now).toISOString() });
    const [email] = await outbox(t.app, who.email);
    expect(email?.text).toContain(`We have received your nomination of 10 nominee(s) on 15/01/2026. Your acknowledgement reference is ${reference}.`);
  });

  it('an eleventh nominee, a whole Aadhaar number, two operating nominees and an operating minor are refused', async () => {
    const who = await atNominee();
    const eleven = [...tenNominees(), nominee({ sharePercentage: 0 })];
    // Ten proofs at most are taken (an eleventh file part is refused as such); the eleventh nominee is refused by the schema.
    expect((await sendNominees(who, eleven, 10)).body.errors?.nominees).toContain('You have added more nominees than allowed');
    const whole = await sendNominees(who, [nominee({ documentType: 'aadhar_card', documentNumber: '123412341234' })]);
    expect(whole.body.errors?.['nominees.0.documentNumber']).toEqual(['Enter only the last 4 digits of the Aadhaar number']);
    const two = await sendNominees(who, [nominee({ sharePercentage: 50, mayOperateAccount: true }), nominee({ sharePercentage: 50, mayOperateAccount: true })]);
    expect(two.body.errors?.nominees).toEqual(['Only one nominee may operate your account']);
    const minor = await sendNominees(who, [minorNominee({ mayOperateAccount: true })]);
    expect(minor.body.errors?.['nominees.0.mayOperateAccount']).toEqual(['A nominee under 18 cannot operate your account']);
    expect(await outbox(t.app, who.email)).toEqual([]);
  });

  it('every submission has a reference of its own: the opt-out too', async () => {
    const who = await atNominee();
    const first = await sendNominees(who, [nominee()]);
    await setUserRow(t, who.phone, { current_step: 'signature', next_step: 'nominee' });
    const optOut = await send<StepSavedResponse>(t, who, '/api/user/skip-nominee', {});
    expect(optOut.status).toBe(200);
    const [one, two] = [first.body.user, optOut.body.user].map((user) => (user as { nominationReference?: string }).nominationReference);
    expect(two).toMatch(referencePattern);
    expect(two).not.toBe(one);
    const [latest] = await outbox(t.app, who.email);
    expect(latest?.text).toContain(`We have received your declaration that you do not wish to nominate on 15/01/2026. Your acknowledgement reference is ${two ?? ''}.`);
  });

  it('in Hindi for an applicant who reads Hindi', async () => {
    const who = await atNominee('hi');
    const saved = await sendNominees(who, [nominee()]);
    const reference = (saved.body.user as { nominationReference?: string }).nominationReference ?? '';
    const [email] = await outbox(t.app, who.email);
    const what = messageText(hindi, 'regulation.nominationNominees', { count: '1' });
    expect(email?.text).toContain(messageText(hindi, 'regulation.nominationEmailText', { reference, what, date: '15/01/2026' }));
  });
});

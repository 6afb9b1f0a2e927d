import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir } from '../../fixtures/flow-config';
import type { StepSavedResponse } from '../../../core/api/types';
import { auth, type TestApp, startTestApp } from '../helpers';
import { listenLocally, postRaw } from '../raw-http';
import { applicantAt, expectError, nextAfter, send } from '../step-fixtures';
import { declaration, minorNominee, nominee } from '../nominee-payloads';
import { storedDocuments } from '../upload-harness';
import { stepAnswersOf } from '../stored-records';
import { type FilePart, multipart, phoneJpeg, plainFilesUnder, smallPdf, type TextPart } from '../upload-fixtures';

/** The PAN image, declarations, signature and nominee routes of issue 8, on the shared upload pipeline. */

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await startTestApp();
  jpeg = await phoneJpeg(640, 360);
});
afterAll(async () => t.close());
let listening: Promise<string> | undefined;
/** The shared app on a real port, started on first use. */
const base = () => (listening ??= listenLocally(t));

async function upload(token: string, url: string, parts: (TextPart | FilePart)[]) {
  const { body, contentType } = multipart(parts);
  const response = await t.app.inject({ method: 'POST', url, payload: body, headers: { ...auth(token).headers, 'content-type': contentType } });
  return { status: response.statusCode, body: response.json<unknown>() };
}
const image = (name: string, data = jpeg): FilePart => ({ name, filename: `${name}.jpg`, contentType: 'image/jpeg', data });

describe('PAN image and signature', () => {
  it('stores the PAN image, answers its step and moves on', async () => {
    const who = await applicantAt(t, 'pan_image_upload', {}, 'aadhaar_verification');
    const saved = await upload(who.token, '/api/user/pan-proof-upload', [image('pan')]);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'PAN card Uploaded Successfully!', step: 'pan_image_upload', user: { nextStep: nextAfter('pan_image_upload') } });
  });

  it('refuses a PDF as a PAN image and an applicant not at the step, storing nothing', async () => {
    const stored = storedDocuments(t);
    const before = await stored.snapshot();
    const who = await applicantAt(t, 'pan_image_upload');
    expectError(await upload(who.token, '/api/user/pan-proof-upload', [{ name: 'pan', filename: 'pan.jpg', contentType: 'image/jpeg', data: smallPdf() }]), 415, 'PAN image must be a JPEG or PNG image');
    const early = await applicantAt(t, 'pan_verification');
    expectError(await upload(early.token, '/api/user/pan-proof-upload', [image('pan')]), 400, 'please complete previous steps');
    await stored.expectNothingStored(before);
  });

  it('an applicant not at the step who sends 20 MB over a real socket gets the answer, not a reset, and nothing is stored', async () => {
    const stored = storedDocuments(t);
    const before = await stored.snapshot();
    const early = await applicantAt(t, 'pan_verification');
    const { body, contentType } = multipart([image('pan', Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024)]))]);
    const answer = await postRaw(`${await base()}/api/user/pan-proof-upload`, body, { 'content-type': contentType, 'x-access-token': early.token });
    expectError({ status: answer.status, body: JSON.parse(answer.body) as unknown }, 400, 'please complete previous steps');
    await stored.expectNothingStored(before);
  });

  it('declaration, then signature, each moving on to the step after it', async () => {
    const who = await applicantAt(t, 'declaration', {}, 'liveliness_detection');
    expectError(await send(t, who, '/api/user/declaration', { ...declaration, nri: true }), 400, 'We can onboard Indian citizens only: NRIs cannot be onboarded');
    expectError(await send(t, who, '/api/user/declaration', { ...declaration, politicallyExposed: true }), 400, 'Tell us why you are politically exposed (up to 200 characters)');
    const saved = await send<StepSavedResponse>(t, who, '/api/user/declaration', { ...declaration, settlementTimeFrame: 30 });
    expect(saved.body).toMatchObject({ message: 'User declaration saved successfully!', user: { nextStep: nextAfter('declaration') } });
    const signed = await upload(who.token, '/api/user/add-signature', [image('signature')]);
    expect(signed.body).toMatchObject({ step: 'signature', user: { nextStep: nextAfter('signature') } });
  });
});

describe('nominees', () => {
  const proofs = (count: number) => Array.from({ length: count }, (_, i) => image(`documentProof_${i}`));
  const sendNominees = async (list: Record<string, unknown>[], files = proofs(list.length)) => {
    const who = await applicantAt(t, 'nominee', {}, 'signature');
    return upload(who.token, '/api/user/add-nominee', [{ name: 'nomineeDetails', value: JSON.stringify(list) }, ...files]);
  };

  it('saves two nominees, one a minor with a guardian, shares 60/40, with city and state from the pincode', async () => {
    const saved = await sendNominees([nominee({ sharePercentage: 60 }), minorNominee({ sharePercentage: 40 })]);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ message: 'Nominee Details Saved!', user: { nextStep: nextAfter('nominee') } });
    const stored = (saved.body as StepSavedResponse).user as unknown as { nominees: Record<string, unknown>[] };
    expect(stored.nominees[0]).toMatchObject({ city: 'Bengaluru', state: 'Karnataka', country: 'India' });
    expect(stored.nominees[1]).toMatchObject({ guardianCity: 'New Delhi', guardianState: 'Delhi' });
    expect(typeof stored.nominees[1]?.documentId).toBe('string');
    expect(plainFilesUnder(t.dir, [jpeg])).toEqual([]);
  });

  it.each<[string, Record<string, unknown>[], string, string]>([
    ['shares of 90', [nominee({ sharePercentage: 50 }), nominee({ sharePercentage: 40 })], 'nominees', 'Total percentage of all nominees must be equal to 100'],
    ['a minor without a guardian', [nominee({ dateOfBirth: '01/06/2015' })], 'nominees.0.guardianName', 'Guardian Name cannot be empty'],
    ['a title not on the list', [nominee({ title: 'Dr' })], 'nominees.0.title', 'Please select title'],
    ['a blank first name', [nominee({ firstName: '  ' })], 'nominees.0.firstName', 'Name cannot be empty'],
    ['an unknown relationship', [nominee({ relation: 'Friend' })], 'nominees.0.relation', 'Please select relationship'],
    ['a bad email', [nominee({ email: 'asha@' })], 'nominees.0.email', 'Invalid email'],
    ['a 9-digit mobile', [nominee({ phone: '987654321' })], 'nominees.0.phone', 'Invalid mobile number'],
    ['a 5-digit pincode', [nominee({ pincode: '56000' })], 'nominees.0.pincode', 'Invalid pincode'],
    ['a birth date in the future', [nominee({ dateOfBirth: '01/01/2999' })], 'nominees.0.dateOfBirth', 'Nominee Date of birth is required'],
    ['a short address', [nominee({ line1: 'MG Rd' })], 'nominees.0.line1', 'Address is too short'],
    ['the whole Aadhaar number (SEBI 2025: its last four digits only)', [nominee({ documentType: 'aadhar_card', documentNumber: '123456789012' })], 'nominees.0.documentNumber', 'Enter only the last 4 digits of the Aadhaar number'],
    ['a bad PAN', [nominee({ documentType: 'pan_card', documentNumber: 'ABC1234' })], 'nominees.0.documentNumber', 'Invalid PAN number format'],
    ['a bad driving licence', [nominee({ documentType: 'driving_license', documentNumber: 'DL-12' })], 'nominees.0.documentNumber', 'Invalid Driving License format'],
    ['a passport, which is no identifier SEBI names', [nominee({ documentType: 'passport', documentNumber: 'A1234567' })], 'nominees.0.documentType', 'Please select document type'],
    ['two nominees who may operate the account', [nominee({ sharePercentage: 50, mayOperateAccount: true }), nominee({ sharePercentage: 50, mayOperateAccount: true })], 'nominees', 'Only one nominee may operate your account'],
    ['an unknown pincode', [nominee({ pincode: '999999' })], 'nominees.0.pincode', 'Pincode is invalid'],
    ['a minor whose guardian phone has 9 digits', [minorNominee({ guardianPhone: '987654321' })], 'nominees.0.guardianPhone', 'Guardian Phone number should be 10 digits'],
    ['a minor without a guardian phone', [minorNominee({ guardianPhone: undefined })], 'nominees.0.guardianPhone', 'Guardian Phone is required'],
    ['a document type not on the list', [nominee({ documentType: 'voter_id' })], 'nominees.0.documentType', 'Please select document type'],
    ['a share of 0', [nominee({ sharePercentage: 0 }), nominee({ sharePercentage: 100 })], 'nominees.0.sharePercentage', 'Share must be a whole number from 1 to 100'],
  ])('%s: %s', async (_label, list, field, message) => {
    const stored = storedDocuments(t);
    const before = await stored.snapshot();
    const answer = await sendNominees(list);
    expect(answer.status).toBe(400);
    expect((answer.body as { errors: Record<string, string[]> }).errors[field]).toContain(message);
    // All or nothing: no proof of a refused list is kept.
    await stored.expectNothingStored(before);
  });

  it('a nominee without a proof, or four nominees, are refused', async () => {
    const missing = await sendNominees([nominee()], []);
    expect((missing.body as { errors: Record<string, string[]> }).errors['nominees.0.documentProof']).toEqual(['Document proof is required']);
    const many = await sendNominees([1, 2, 3, 4].map(() => nominee({ sharePercentage: 25 })), proofs(3));
    expect(many.status).toBe(400);
  });

  it("a nominee's Aadhaar, asked as its last four digits (SEBI 2025), is stored and shown masked", async () => {
    const who = await applicantAt(t, 'nominee', {}, 'signature');
    const list = [nominee({ documentType: 'aadhar_card', documentNumber: '5678' })];
    const { body, contentType } = multipart([{ name: 'nomineeDetails', value: JSON.stringify(list) }, image('documentProof_0')]);
    const response = await t.app.inject({ method: 'POST', url: '/api/user/add-nominee', payload: body, headers: { ...auth(who.token).headers, 'content-type': contentType } });
    expect(response.statusCode).toBe(200);
    const shown = (response.json<StepSavedResponse>().user as { nominees?: { documentNumber: string }[] }).nominees;
    expect(shown?.[0]?.documentNumber).toBe('XXXXXXXX5678');
    const stored = JSON.stringify(await stepAnswersOf(t, who));
    expect(stored).toContain('XXXXXXXX5678');
  });

  it('skip moves on to the step after nominee', async () => {
    const who = await applicantAt(t, 'nominee', {}, 'signature');
    const skipped = await send<StepSavedResponse>(t, who, '/api/user/skip-nominee', {});
    expect(skipped.body).toMatchObject({ message: 'Nominee Details Skipped!', user: { nextStep: nextAfter('nominee') } });
  });
});

describe('nominees at SEBI’s limit of 10 (settings.maxNominees 10 in a copy of flow.json)', () => {
  let ten: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = tempConfigDir((flow) => ({ ...flow, settings: { ...flow.settings, maxNominees: 10 } }));
    ten = await startTestApp({ configDir: dir });
  });
  afterAll(async () => {
    await ten.close();
    rmSync(dirname(dir), { recursive: true, force: true });
  });

  const sendTo = async (count: number) => {
    const who = await applicantAt(ten, 'nominee', {}, 'signature');
    const list = Array.from({ length: count }, () => nominee({ sharePercentage: count === 10 ? 10 : 9 }));
    const files = Array.from({ length: count }, (_, i) => image(`documentProof_${i}`));
    const { body, contentType } = multipart([{ name: 'nomineeDetails', value: JSON.stringify(list) }, ...files]);
    return ten.app.inject({ method: 'POST', url: '/api/user/add-nominee', payload: body, headers: { ...auth(who.token).headers, 'content-type': contentType } });
  };

  it('takes ten nominees of 10% each, and refuses an eleventh', async () => {
    expect((await sendTo(10)).statusCode).toBe(200);
    expect((await sendTo(11)).statusCode).toBe(400);
  });
});

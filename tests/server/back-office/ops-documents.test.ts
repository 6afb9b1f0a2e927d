import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsApplicationResponse } from '../../../core/api/types';
import { stepAfter, stepBefore } from '../../../core/engine/flow';
import { mergePages } from '../../../core/engine/config-types';
import { loadConfig } from '../../../server/config/load-config';
import { createDatabase } from '../../../server/db/database';
import { findStepAnswers, saveStepAnswers } from '../../../server/platform/repositories/step-store';
import { applicantAtBank, bankDetails, startBankApp } from '../bank-fixtures';
import { type TestApp, auth } from '../helpers';
import { initiate, submitIncomeProof } from '../identity-fixtures';
import { fixture } from '../income-proof-fixtures';
import { bearer, newPan, opsCall, opsToken, publicUrl, signInReviewer, startOpsApp } from '../ops-fixtures';
import { type Applicant, applicantAt, send, setUserRow, verifyAndConfirmPan } from '../step-fixtures';
import { multipart, phoneJpeg } from '../upload-fixtures';

/** The documents of an application, as the back office sees them (issue 17). */

let t: TestApp;
let auditor: string;
let jpeg: Buffer;
beforeAll(async () => {
  t = await startOpsApp();
  auditor = await signInReviewer(t, 'docs.auditor@broker.test', 'auditor');
  jpeg = await phoneJpeg(640, 360);
});
afterAll(() => t.close());

async function upload(who: Applicant, url: string, name: string): Promise<void> {
  const { body, contentType } = multipart([{ name, filename: `${name}.jpg`, contentType: 'image/jpeg', data: jpeg }]);
  const response = await t.app.inject({ method: 'POST', url, payload: body, headers: { ...auth(who.token).headers, 'content-type': contentType } });
  expect(response.statusCode, response.body).toBe(200);
}

/** A selfie through the sandbox widget, its camera's photo sent with Approve, as the browser does. */
async function takeSelfie(who: Applicant): Promise<void> {
  const { requestId } = await initiate(t, who, 'selfie');
  const photo = `data:image/jpeg;base64,${(await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c08060' } }).jpeg().toBuffer()).toString('base64')}`;
  const approved = await t.app.inject({ method: 'POST', url: `/api/dev/identity/${requestId}/approve`, payload: { photo } });
  expect(approved.statusCode, approved.body).toBe(200);
  expect((await send(t, who, '/api/user/verify-workflow/selfie', { requestId })).status).toBe(200);
}

/** An applicant with a PAN image, a selfie, a signature and an income proof PDF, uploaded through the applicant's routes. */
async function applicantWithDocuments(): Promise<Applicant & { id: string }> {
  const who = await applicantAt(t, 'pan_verification', {}, 'email_verification');
  await verifyAndConfirmPan(t, who, newPan());
  await setUserRow(t, who.phone, { next_step: 'pan_image_upload' });
  await upload(who, '/api/user/pan-proof-upload', 'pan');
  t.clock.advance(60_000);
  await setUserRow(t, who.phone, { next_step: 'liveliness_detection' });
  await takeSelfie(who);
  t.clock.advance(60_000);
  await setUserRow(t, who.phone, { next_step: 'signature' });
  await upload(who, '/api/user/add-signature', 'signature');
  t.clock.advance(60_000);
  await setUserRow(t, who.phone, { next_step: 'income_proof' });
  const proof = await submitIncomeProof(t, who, { document_type: 'bank_statement' }, { bytes: fixture('plain'), filename: 'statement.pdf' });
  expect(proof.statusCode, proof.body).toBe(200);
  await setUserRow(t, who.phone, { next_step: 'verification_pending' });
  const user = (await t.app.inject({ method: 'GET', url: '/api/user', ...auth(who.token) })).json<{ user: { id: string } }>().user;
  return { ...who, id: user.id };
}

describe('documents of an application', () => {
  it('lists every document with its step, kind, type, size and time; serves each decrypted; audits every view', async () => {
    const who = await applicantWithDocuments();
    const { body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${who.id}`, undefined, bearer(auditor));
    const { documents } = body.application;
    expect(documents.map((d) => [d.step, d.kind, d.label, d.contentType])).toEqual([
      ['pan_image_upload', 'pan_image', 'PAN image', 'image/jpeg'],
      ['liveliness_detection', 'selfie_image', 'Selfie', 'image/jpeg'],
      ['signature', 'signature_image', 'Signature', 'image/jpeg'],
      ['income_proof', 'income_proof_pdf', 'Income proof', 'application/pdf'],
    ]);
    expect(documents.every((d) => d.size > 0)).toBe(true);
    expect(documents.map((d) => d.uploadedAt)).toEqual([...documents.map((d) => d.uploadedAt)].sort());

    const [pan, selfie, , pdf] = documents;
    const image = await t.app.inject({ method: 'GET', url: `/api/ops/documents/${pan?.id}`, headers: bearer(auditor) });
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'content-disposition': 'inline; filename="pan_image.jpg"',
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    expect(image.rawPayload.length).toBe(pan?.size);
    expect((await sharp(image.rawPayload).metadata()).format).toBe('jpeg');
    const face = await t.app.inject({ method: 'GET', url: `/api/ops/documents/${selfie?.id}`, headers: bearer(auditor) });
    expect((await sharp(face.rawPayload).metadata()).width).toBe(320);
    const file = await t.app.inject({ method: 'GET', url: `/api/ops/documents/${pdf?.id}`, headers: bearer(auditor) });
    expect(file.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="income_proof.pdf"' });
    expect(file.rawPayload.equals(Buffer.from(fixture('plain')))).toBe(true);

    const after = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${who.id}`, undefined, bearer(auditor));
    expect(after.body.application.audit.map((entry) => [entry.actor, entry.action, entry.note])).toEqual([
      ['docs.auditor@broker.test', 'document_viewed', `PAN image ${pan?.id}`],
      ['docs.auditor@broker.test', 'document_viewed', `Selfie ${selfie?.id}`],
      ['docs.auditor@broker.test', 'document_viewed', `Income proof ${pdf?.id}`],
    ]);
  });

  it('answers come labelled from config, never as field ids; no bank account yet, so no name to compare', async () => {
    const who = await applicantWithDocuments();
    const { body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${who.id}`);
    const { answers } = body.application;
    const titleOf = (id: string) => loadConfig().flow.steps.find((step) => step.id === id)?.title;
    expect(answers.map((step) => step.title)).toEqual(['pan_verification', 'pan_image_upload', 'liveliness_detection', 'signature', 'income_proof'].map(titleOf));
    expect(answers.flatMap((step) => step.answers).filter((answer) => answer.label === answer.field)).toEqual([]);
    // Labelled as the applicant saw them on the step's own page, not as /modification words its re-upload.
    const config = loadConfig();
    const incomeRoute = config.flow.steps.find((step) => step.id === 'income_proof')?.routes[0] ?? '';
    const incomePage = mergePages(config)[incomeRoute];
    expect(answers[4]?.answers.map(({ label, value }) => [label, value])).toEqual([
      [incomePage?.copy?.['document_type.label'], 'Bank Statement'],
      ['Document', expect.stringMatching(/^[0-9a-f-]{36}$/)],
      ['This PDF is password protected', 'No'],
    ]);
    expect(body.application.nameMatches).toEqual([]);
  });

  it('a selfie photo that is no image leaves the step done and no selfie document (the reviewer sees none)', async () => {
    const { flow } = loadConfig();
    const who = await applicantAt(t, 'liveliness_detection', {}, stepBefore(flow, 'liveliness_detection') ?? null);
    const { requestId } = await initiate(t, who, 'selfie');
    const photo = `data:image/jpeg;base64,${Buffer.from('not a picture at all').toString('base64')}`;
    expect((await t.app.inject({ method: 'POST', url: `/api/dev/identity/${requestId}/approve`, payload: { photo } })).statusCode).toBe(200);
    const verified = await send<{ user: { nextStep: string; id: string } }>(t, who, '/api/user/verify-workflow/selfie', { requestId });
    expect(verified.status).toBe(200);
    expect(verified.body.user.nextStep).toBe(stepAfter(flow, 'liveliness_detection'));
    const { body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${verified.body.user.id}`);
    expect(body.application.documents).toEqual([]);
    expect(body.application.steps.liveliness_detection).toEqual({ requestId });
  });

  it.each([
    ['an unknown id', '00000000-0000-0000-0000-000000000000', 404, 'document not found'],
    ['a malformed id', 'not-a-document', 404, 'document not found'],
  ])('%s: %i', async (_name, id, status, message) => {
    const answer = await opsCall<{ message: string }>(t, 'GET', `/api/ops/documents/${id}`);
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status, message });
  });
});

describe('name match', () => {
  it('compares the PAN name with the bank account holder the bank gave', async () => {
    const bank = await startBankApp({ opsToken, publicUrl });
    try {
      const who = await applicantAtBank(bank, 'SNEHA SHARMA');
      const linked = await bank.app.inject({ method: 'POST', url: '/api/user/add-bank-account', payload: bankDetails(who), ...auth(who.token) });
      expect(linked.statusCode, linked.body).toBe(200);
      const id = (await bank.app.inject({ method: 'GET', url: '/api/user', ...auth(who.token) })).json<{ user: { id: string } }>().user.id;
      const show = async () => (await opsCall<OpsApplicationResponse>(bank, 'GET', `/api/ops/applications/${id}`)).body.application.nameMatches;
      expect(await show()).toEqual([{ source: 'bank_account', name: 'SNEHA SHARMA', matches: true }]);
      await saveBankHolder(bank, id, 'RAHUL VERMA');
      expect(await show()).toEqual([{ source: 'bank_account', name: 'RAHUL VERMA', matches: false }]);
    } finally {
      await bank.close();
    }
  });
});

/** Rewrites the holder's name in the bank step's stored document, as a bank with another record would have given it. */
async function saveBankHolder(app: TestApp, userId: string, name: string): Promise<void> {
  const db = createDatabase({ dataDir: app.dir, databaseUrl: app.databaseUrl });
  try {
    const document = await findStepAnswers(db, userId, 'bank_details');
    await saveStepAnswers(db, userId, 'bank_details', { ...document, beneficiaryName: name }, 0);
  } finally {
    await db.destroy();
  }
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRekycData } from '../../../core/engine/rekyc-link';
import { indianDate } from '../../../core/engine/rectification';
import { loadConfig } from '../../../server/config/load-config';
import { auth, type TestApp } from '../helpers';
import { decide, reviewApplicant, startOpsApp, userOf } from '../ops-fixtures';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FilePart, multipart, phoneJpeg, type TextPart } from '../upload-fixtures';

const plainPdf = () => readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'income-proof', 'plain.pdf'));

/** Fixing rejected documents (POST /user/modification/document) and the re-KYC income declaration. */

let t: TestApp;
let jpeg: Buffer;
beforeAll(async () => {
  t = await startOpsApp();
  jpeg = await phoneJpeg(640, 360);
});
afterAll(async () => t.close());

async function upload(token: string, url: string, parts: (TextPart | FilePart)[]) {
  const { body, contentType } = multipart(parts);
  const response = await t.app.inject({ method: 'POST', url, payload: body, headers: { ...auth(token).headers, 'content-type': contentType } });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}
const file = (name: string, data: Buffer, filename = 'doc.jpg'): FilePart => ({ name, filename, data });

describe('re-upload of rejected documents', () => {
  it('fixes exactly the rejected documents, then the application is back at verification_pending', async () => {
    const who = await reviewApplicant(t);
    await decide(t, who.id, { action: 'reject', rejectedSteps: { pan_image_upload: 'Blurred', income_proof: 'Old statement' } });
    const notRejected = await upload(who.token, '/api/user/modification/document', [{ name: 'step', value: 'signature' }, file('data', jpeg)]);
    expect(notRejected).toMatchObject({ status: 400, body: { message: 'please complete previous steps' } });

    const pan = await upload(who.token, '/api/user/modification/document', [{ name: 'step', value: 'pan_image_upload' }, file('data', jpeg)]);
    expect(pan).toMatchObject({ status: 200, body: { message: 'Document uploaded successfully!', step: 'pan_image_upload' } });
    expect(await userOf(t, who)).toMatchObject({ nextStep: 'modification', rejectedSteps: { income_proof: { reason: 'Old statement' } } });

    // The proof's type, with the words of the page's schema (modification-document), and one from its list.
    const untyped = await upload(who.token, '/api/user/modification/document', [{ name: 'step', value: 'income_proof' }, file('data', plainPdf(), 'statement.pdf')]);
    expect(untyped).toMatchObject({ status: 400, body: { message: 'must select document type to be uploaded', errors: { document_type: ['must select document type to be uploaded'] } } });
    const unknownType = await upload(who.token, '/api/user/modification/document', [
      { name: 'step', value: 'income_proof' },
      { name: 'document_type', value: 'lottery_ticket' },
      file('data', plainPdf(), 'statement.pdf'),
    ]);
    expect(unknownType).toMatchObject({ status: 400, body: { message: 'must select document type to be uploaded' } });
    expect(await userOf(t, who)).toMatchObject({ rejectedSteps: { income_proof: { reason: 'Old statement' } } });

    const proof = await upload(who.token, '/api/user/modification/document', [
      { name: 'step', value: 'income_proof' },
      { name: 'document_type', value: 'bank_statement' },
      file('data', plainPdf(), 'statement.pdf'),
    ]);
    expect(proof.status).toBe(200);
    expect(await userOf(t, who)).toMatchObject({ nextStep: 'verification_pending', rejectedSteps: {} });
  });

  it('the status page learns the reference, the day the review is expected and, after the last fix, that the corrections arrived (issue 32)', async () => {
    const who = await reviewApplicant(t);
    const reference = who.id.replace(/-/g, '').slice(0, 8).toUpperCase();
    const waiting = await userOf(t, who);
    expect(waiting).toMatchObject({ nextStep: 'verification_pending', reference, correctionsReceived: false, reviewBy: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    await decide(t, who.id, { action: 'reject', rejectedSteps: { pan_image_upload: 'Blurred' } });
    expect(await userOf(t, who)).toMatchObject({ nextStep: 'modification', reference, reviewBy: null, correctionsReceived: false });
    // Later that day the applicant fixes it: the review is expected review.verificationHours after the fix.
    t.clock.advance(5 * 60_000);
    const fixedAt = t.clock.now;
    expect((await upload(who.token, '/api/user/modification/document', [{ name: 'step', value: 'pan_image_upload' }, file('data', jpeg)])).status).toBe(200);
    const hours = loadConfig().flow.review.verificationHours ?? 0;
    expect(await userOf(t, who)).toMatchObject({ nextStep: 'verification_pending', reference, correctionsReceived: true, reviewBy: indianDate(fixedAt + hours * 3_600_000) });
  });

  it('refuses a program under an image name', async () => {
    const who = await reviewApplicant(t);
    await decide(t, who.id, { action: 'reject', rejectedSteps: { signature: 'Does not match PAN' } });
    const answer = await upload(who.token, '/api/user/modification/document', [{ name: 'step', value: 'signature' }, file('data', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0x3e, 0]), 'sign.jpg')]);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(await userOf(t, who)).toMatchObject({ rejectedSteps: { signature: { reason: 'Does not match PAN' } } });
  });
});

/** The re-KYC page's two statements, ticked by the applicant. */
const statements = [
  { name: 'confirmTrue', value: 'true' },
  { name: 'confirmInform', value: 'true' },
];

describe('re-KYC income declaration', () => {
  it('takes the slab from the link of the signed-in applicant, with an optional proof', async () => {
    const who = await reviewApplicant(t, 'completed');
    const id = encodeRekycData(who.phone, who.id);
    const missing = await upload(who.token, '/api/rekyc/income-declaration', [{ name: 'id', value: id }]);
    expect(missing).toMatchObject({ status: 400, body: { message: 'Please select income segment' } });
    const saved = await upload(who.token, '/api/rekyc/income-declaration', [
      { name: 'id', value: id },
      { name: 'income', value: '10-25 Lac' },
      ...statements,
      { name: 'document_type', value: 'salary_slip' },
      file('proof_of_income', plainPdf(), 'slip.pdf'),
    ]);
    expect(saved).toMatchObject({ status: 200, body: { message: 'Income declaration saved' } });
  });

  it("refuses a malformed link, and another applicant's", async () => {
    const who = await reviewApplicant(t, 'completed');
    const other = await reviewApplicant(t, 'completed');
    const broken = await upload(who.token, '/api/rekyc/income-declaration', [{ name: 'id', value: '%%%' }, { name: 'income', value: '1-5 Lac' }]);
    expect(broken.status).toBe(400);
    const theirs = await upload(who.token, '/api/rekyc/income-declaration', [{ name: 'id', value: encodeRekycData(other.phone, other.id) }, { name: 'income', value: '1-5 Lac' }]);
    expect(theirs.status).toBe(403);
    // The page sends the id it decoded from the link: the applicant's own passes, another's is refused.
    const ownId = await upload(who.token, '/api/rekyc/income-declaration', [{ name: 'id', value: who.id }, { name: 'income', value: '1-5 Lac' }, ...statements]);
    expect(ownId.status).toBe(200);
    const theirId = await upload(who.token, '/api/rekyc/income-declaration', [{ name: 'id', value: other.id }, { name: 'income', value: '1-5 Lac' }]);
    expect(theirId).toMatchObject({ status: 403, body: { message: 'This re-KYC link belongs to another applicant' } });
  });
});

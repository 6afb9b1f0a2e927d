import { rmSync } from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsApplicationResponse, StepSavedResponse } from '../../../core/api/types';
import { stepAfter } from '../../../core/engine/flow';
import type { FlowConfig } from '../../../core/engine/flow-types';
import { loadConfig } from '../../../server/config/load-config';
import { addDocumentStep, copyConfig, documentStepId } from '../../fixtures/config-edits';
import { downloadDocument } from '../document-helpers';
import { type TestApp, auth } from '../helpers';
import { decide, opsCall, startOpsApp, userOf } from '../ops-fixtures';
import { listenLocally, postRaw } from '../raw-http';
import { type Applicant, applicantAt, expectError, setUserRow } from '../step-fixtures';
import { fixture, fixturePassword, wrongPassword } from '../income-proof-fixtures';
import { type FilePart, type TextPart, multipart, phoneJpeg, plainFilesUnder } from '../upload-fixtures';
import { storedDocuments } from '../upload-harness';
import { stepAnswersOf } from '../stored-records';

/**
 * The promise of flow-config/README.md for documents: a step that asks a document type and one image or PDF (an
 * address proof) is added with a schema whose file field names its upload kind, a page and its line in flow.json,
 * on a copy of the config (tests/fixtures/config-edits.ts). The generic step route takes it as multipart through the
 * upload pipeline; the back office lists it, sends it back, and the applicant uploads it again on /modification.
 */

const stepUrl = `/api/user/step/${documentStepId}`;
const proofPdf = Buffer.from(fixture('plain'));
const docx = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(200), Buffer.from('word/document.xml'), Buffer.from([0x50, 0x4b, 0x05, 0x06]), Buffer.alloc(18)]);

const typePart = (value = 'driving_license'): TextPart => ({ name: 'addressProofType', value });
const proofPart = (data: Buffer = proofPdf, name = 'addressProof'): FilePart => ({ name, filename: 'bill.pdf', contentType: 'application/pdf', data });

let t: TestApp;
let flow: FlowConfig;
let root: string;

async function upload(who: Applicant, url: string, parts: (TextPart | FilePart)[]): Promise<LightMyRequestResponse> {
  const { body, contentType } = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: body, headers: { ...auth(who.token).headers, 'content-type': contentType } });
}

/** The user as the API returns it, with the config step's answers (not in the generated types). */
type WithProof = StepSavedResponse['user'] & { addressProof?: string; addressProofType?: string };
const userWithProof = (answer: LightMyRequestResponse) => answer.json<StepSavedResponse & { step?: string }>().user as WithProof;

const uuid = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

beforeAll(async () => {
  const copy = copyConfig();
  root = copy.root;
  addDocumentStep(copy);
  flow = loadConfig(copy.configDir, { stepSchemasDir: copy.stepSchemasDir }).flow;
  t = await startOpsApp({ configDir: copy.configDir, stepSchemasDir: copy.stepSchemasDir });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a document step added by config alone (address proof)', () => {
  it('takes the type and the file as multipart at the generic step route, stores the file encrypted and names it in the step', async () => {
    const who = await applicantAt(t, documentStepId);
    const saved = await upload(who, stepUrl, [typePart(), proofPart()]);
    expect(saved.statusCode).toBe(200);
    const user = userWithProof(saved);
    expect(saved.json<StepSavedResponse>().message).toBe('Details Saved!');
    expect(user).toMatchObject({ currentStep: documentStepId, nextStep: stepAfter(flow, documentStepId), addressProofType: 'driving_license', addressProof: uuid });
    const stored = await downloadDocument(t.app, who.token, String(user.addressProof));
    expect([stored.status, stored.type, stored.bytes.equals(proofPdf)]).toEqual([200, 'application/pdf', true]);
    expect(plainFilesUnder(storedDocuments(t).documentsDir(), [proofPdf])).toEqual([]);
  });

  it('opens a password-protected PDF with the password sent beside it, and never stores the password', async () => {
    const who = await applicantAt(t, documentStepId);
    const locked = proofPart(Buffer.from(fixture('encrypted-aes256')));
    const wrong = await upload(who, stepUrl, [typePart(), locked, { name: 'password', value: wrongPassword }]);
    expect([wrong.statusCode, wrong.json<{ message: string }>().message]).toEqual([400, 'The password for this PDF is incorrect']);
    const saved = await upload(who, stepUrl, [typePart(), locked, { name: 'password', value: fixturePassword }]);
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(fixturePassword);
    const stored = (await stepAnswersOf(t, who))[documentStepId];
    expect(Object.keys(stored ?? {}).sort()).toEqual(['addressProof', 'addressProofType']);
  });

  it("refuses with the schema's messages and the pipeline's, storing nothing", async () => {
    const who = await applicantAt(t, documentStepId);
    const stored = storedDocuments(t);
    const before = await stored.snapshot();
    const refuse = async (parts: (TextPart | FilePart)[], status: number, text: string) => {
      const answer = await upload(who, stepUrl, parts);
      expectError({ status: answer.statusCode, body: answer.json() }, status, text);
    };
    await refuse([typePart()], 400, 'Upload your address proof');
    await refuse([proofPart()], 400, 'Choose the type of your address proof');
    await refuse([typePart('ration_card'), proofPart()], 400, 'Choose the type of your address proof');
    await refuse([typePart(), proofPart(docx)], 415, 'Document proof must be a JPEG or PNG image, or a PDF');
    await refuse([typePart(), proofPart(proofPdf.subarray(0, proofPdf.length - 8))], 400, 'Document proof is damaged or incomplete, upload it again');
    await refuse([typePart(), proofPart(proofPdf, 'documentId')], 400, "Unexpected field 'documentId'");
    await refuse([typePart(), proofPart(Buffer.from(fixture('encrypted-aes256')))], 400, 'This PDF is password protected, please enter its password');
    await stored.expectNothingStored(before);
    // A JSON body cannot name a document: the step's file comes only as a checked upload.
    const json = await t.app.inject({ method: 'POST', url: stepUrl, payload: { addressProofType: 'driving_license', addressProof: '00000000-0000-4000-8000-000000000000' }, ...auth(who.token) });
    expect([json.statusCode, json.json<{ message: string }>().message]).toEqual([415, 'Send this as multipart/form-data']);
    expect(await userOf(t, who)).toMatchObject({ nextStep: documentStepId });
  });

  it('answers an oversize file with its 413 over a real socket', async () => {
    const who = await applicantAt(t, documentStepId);
    const base = await listenLocally(t);
    const jpeg = await phoneJpeg();
    const { body, contentType } = multipart([typePart(), { name: 'addressProof', filename: 'big.jpg', contentType: 'image/jpeg', data: Buffer.concat([jpeg, Buffer.alloc(12 * 1024 * 1024)]) }]);
    const answer = await postRaw(`${base}${stepUrl}`, body, { 'content-type': contentType, 'x-access-token': who.token });
    expect([answer.status, (JSON.parse(answer.body) as { message: string }).message]).toEqual([413, 'Document proof is larger than 10 MB']);
  });

  it("is listed in the back office's documents, sent back, and uploaded again on /modification with its own kind", async () => {
    const who = await applicantAt(t, documentStepId);
    const first = userWithProof(await upload(who, stepUrl, [typePart('aadhar_card'), proofPart()]));
    await setUserRow(t, who.phone, { current_step: 'aadhaar_e_sign_documents', next_step: 'verification_pending' });
    const application = async () => (await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${first.id}`)).body.application;
    expect((await application()).documents.map((d) => [d.id, d.step, d.kind, d.label, d.contentType])).toEqual([
      [first.addressProof, documentStepId, 'document_proof', 'Document proof', 'application/pdf'],
    ]);

    const rejected = await decide(t, first.id, { action: 'reject', rejectedSteps: { [documentStepId]: 'The address is not readable' } });
    expect(rejected.body).toMatchObject({ nextStep: 'modification', rejectedSteps: { [documentStepId]: { reason: 'The address is not readable' } } });

    const reupload = (data: Buffer, filename: string, type: string) =>
      upload(who, '/api/user/modification/document', [{ name: 'step', value: documentStepId }, { name: 'data', filename, contentType: type, data }]);
    const wrongKind = await reupload(Buffer.from('my address is 12 Park Street'), 'address.txt', 'text/plain');
    expect([wrongKind.statusCode, wrongKind.json<{ message: string }>().message]).toEqual([415, 'Document proof must be a JPEG or PNG image, or a PDF']);
    const again = await reupload(await phoneJpeg(), 'bill.jpg', 'image/jpeg');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ message: 'Document uploaded successfully!', step: documentStepId });
    const after = userWithProof(again);
    expect(after).toMatchObject({ nextStep: 'verification_pending', rejectedSteps: {}, addressProofType: 'aadhar_card', addressProof: uuid });
    expect(after.addressProof).not.toBe(first.addressProof);
    const listed = (await application()).documents.find((d) => d.id === after.addressProof);
    expect(listed).toMatchObject({ step: documentStepId, kind: 'modification_document', contentType: 'image/jpeg' });
  });
});

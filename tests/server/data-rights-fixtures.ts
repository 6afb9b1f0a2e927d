import { expect } from 'vitest';
import type { TestApp } from './helpers';
import { auth, get } from './helpers';
import { declaration, nominee } from './nominee-payloads';
import { newPan } from './ops-fixtures';
import { type Applicant, applicantAtPan, send, setUserRow, validPersonalDetails, verifyAndConfirmPan } from './step-fixtures';
import { type FilePart, multipart, phoneJpeg, plainPng } from './upload-fixtures';

/** Answers an applicant gives on the way through the journey, each by its own route, with its uploads. */
export const taxResidency = { taxResidentOutsideIndia: true, taxResidencies: [{ country: 'Singapore', tin: 'S1234567D' }], placeOfBirth: 'Chennai', countryOfBirth: 'India' };

export interface Answered extends Applicant {
  id: string;
  email: string;
  /** Each step's answer as sent. */
  answers: Record<string, Record<string, unknown>>;
  /** The uploads as sent, by the document's kind. */
  uploads: { kind: string; bytes: Buffer }[];
}

async function upload(t: TestApp, who: Applicant, url: string, parts: FilePart[], text: Record<string, string> = {}) {
  const { body, contentType } = multipart([...Object.entries(text).map(([name, value]) => ({ name, value })), ...parts]);
  const response = await t.app.inject({ method: 'POST', url, payload: body, headers: { ...auth(who.token).headers, 'content-type': contentType } });
  expect(response.statusCode, response.body).toBe(200);
}

/** An applicant who went from sign-in to the nominee step by the real routes (the steps with outside services set directly). */
export async function answeredApplicant(t: TestApp): Promise<Answered> {
  const who = await applicantAtPan(t);
  const pan = newPan();
  await verifyAndConfirmPan(t, who, pan);
  const pan_image = await phoneJpeg(640, 360);
  await setUserRow(t, who.phone, { current_step: 'aadhaar_verification', next_step: 'pan_image_upload' });
  await upload(t, who, '/api/user/pan-proof-upload', [{ name: 'pan', filename: 'pan.jpg', contentType: 'image/jpeg', data: pan_image }]);
  expect((await send(t, who, '/api/user/personal-details', validPersonalDetails)).status).toBe(200);
  expect((await send(t, who, '/api/user/step/tax_residency', taxResidency)).status).toBe(200);
  await setUserRow(t, who.phone, { current_step: 'liveliness_detection', next_step: 'declaration' });
  expect((await send(t, who, '/api/user/declaration', declaration)).status).toBe(200);
  const signature = await plainPng(400, 160);
  await upload(t, who, '/api/user/add-signature', [{ name: 'signature', filename: 'signature.png', contentType: 'image/png', data: signature }]);
  const nominees = [nominee({ firstName: 'Meera', documentType: 'passport', documentNumber: 'K1234567' })];
  const proof = await phoneJpeg(500, 320);
  await upload(t, who, '/api/user/add-nominee', [{ name: 'documentProof_0', filename: 'proof.jpg', contentType: 'image/jpeg', data: proof }], { nomineeDetails: JSON.stringify(nominees) });
  const user = (await get(t.app, '/api/user', auth(who.token))).json<{ user: { id: string; email: string } }>().user;
  return {
    ...who,
    id: user.id,
    email: user.email,
    answers: { pan_verification: { pan }, personal_details: validPersonalDetails, tax_residency: taxResidency, declaration, nominee: { nominees } },
    uploads: [
      { kind: 'pan_image', bytes: pan_image },
      { kind: 'signature_image', bytes: signature },
      { kind: 'nominee_proof', bytes: proof },
    ],
  };
}

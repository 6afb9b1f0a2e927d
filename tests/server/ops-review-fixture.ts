import { expect } from 'vitest';
import type { TestApp } from './helpers';
import { auth } from './helpers';
import { bankDetails } from './bank-fixtures';
import { submitIncomeProof } from './identity-fixtures';
import { fixture, fixturePassword } from './income-proof-fixtures';
import { declaration, minorNominee, nominee } from './nominee-payloads';
import { newPan, userOf } from './ops-fixtures';
import { type Applicant, applicantAtPan, send, setUserRow, validPersonalDetails, verifyAndConfirmPan } from './step-fixtures';
import { type FilePart, multipart, phoneJpeg } from './upload-fixtures';

/**
 * A whole application as a reviewer meets it, made through the applicant's own routes: PAN, personal details, a bank
 * account verified by penny drop, the declarations, two nominees (the second a minor) each with a proof, and a
 * password-protected bank statement. Steps without screens in between are reached by moving the row.
 */
export interface FullApplicant extends Applicant {
  id: string;
  pan: string;
  name: string;
}

export async function uploadParts(t: TestApp, who: Applicant, url: string, parts: Parameters<typeof multipart>[0]) {
  const { body, contentType } = multipart(parts);
  const response = await t.app.inject({ method: 'POST', url, payload: body, headers: { ...auth(who.token).headers, 'content-type': contentType } });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
}

async function at(t: TestApp, who: Applicant, current: string, next: string): Promise<void> {
  await setUserRow(t, who.phone, { current_step: current, next_step: next });
}

export async function fullApplicant(t: TestApp): Promise<FullApplicant> {
  const who = await applicantAtPan(t);
  const pan = newPan();
  const confirmed = await verifyAndConfirmPan(t, who, pan);
  const name = String((confirmed.user as { name?: string }).name ?? '');
  await at(t, who, 'pan_image_upload', 'personal_details');
  expect((await send(t, who, '/api/user/personal-details', validPersonalDetails)).status).toBe(200);
  await at(t, who, 'tax_residency', 'bank_details');
  expect((await send(t, who, '/api/user/add-bank-account', bankDetails({ ...who, pan, name, dateOfBirth: '15/08/1990' }))).status).toBe(200);
  await at(t, who, 'liveliness_detection', 'declaration');
  expect((await send(t, who, '/api/user/declaration', declaration)).status).toBe(200);
  await at(t, who, 'signature', 'nominee');
  const jpeg = await phoneJpeg(640, 360);
  const proof = (index: number): FilePart => ({ name: `documentProof_${index}`, filename: `proof-${index}.jpg`, contentType: 'image/jpeg', data: jpeg });
  const nominees = [nominee({ sharePercentage: 60 }), minorNominee({ sharePercentage: 40, documentType: 'aadhar_card', documentNumber: '9012' })];
  await uploadParts(t, who, '/api/user/add-nominee', [{ name: 'nomineeDetails', value: JSON.stringify(nominees) }, proof(0), proof(1)]);
  await at(t, who, 'nominee', 'income_proof');
  const income = await submitIncomeProof(t, who, { document_type: 'bank_statement', password: fixturePassword }, { bytes: fixture('encrypted-aes256'), filename: 'statement.pdf' });
  expect(income.statusCode, income.body).toBe(200);
  await at(t, who, 'aadhaar_e_sign_documents', 'verification_pending');
  const { id } = await userOf(t, who);
  return { ...who, id, pan, name };
}

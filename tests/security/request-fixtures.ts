import type { LightMyRequestResponse } from 'fastify';
import { type TestApp, auth, get, post } from '../server/helpers';
import { declaration, nominee } from '../server/nominee-payloads';
import { validPersonalDetails } from '../fixtures/payloads';
import { image, upload } from './journey';
import { evidenceTexts } from '../../core/engine/evidence-texts';
import { mergePages } from '../../core/engine/config-types';
import { loadConfig } from '../../server/config/load-config';

/** The MITC as config words it (the eSign step's acknowledgement). */
const mitc = [...evidenceTexts(mergePages(loadConfig())).values()][0]!;

/** Who sends a request: a session token and the PAN they verified. */
export interface Sender {
  token: string;
  pan: string;
  dateOfBirth: string;
}

type Parts = Parameters<typeof upload>[3];

/** A request as data: JSON or a multipart form, so tests may send it as it is or with fields added. */
export type RequestSpec = { url: string } & ({ method: 'GET' } | { method: 'POST'; json: unknown } | { method: 'POST'; parts: Parts });

type Make = (who: Sender) => RequestSpec | Promise<RequestSpec>;

const json = (url: string, body: (who: Sender) => unknown): Make => (who) => ({ method: 'POST', url: `/api${url}`, json: body(who) });
const form = (url: string, parts: () => Promise<Parts>): Make => async () => ({ method: 'POST', url: `/api${url}`, parts: await parts() });
const read = (url: string): Make => () => ({ method: 'GET', url: `/api${url}` });

/** Sends a request as the applicant. */
export function sendSpec(t: TestApp, token: string, spec: RequestSpec): Promise<LightMyRequestResponse> {
  if (spec.method === 'GET') return get(t.app, spec.url, auth(token));
  if ('json' in spec) return post(t.app, spec.url, spec.json, auth(token));
  return upload(t, token, spec.url, spec.parts);
}

/** The valid request of `route` (a flow.json key), sent as `who`. */
export async function sendValid(t: TestApp, route: string, who: Sender): Promise<LightMyRequestResponse> {
  const make = validRequests[route];
  if (!make) throw new Error(`tests/security/request-fixtures.ts has no valid request for '${route}'`);
  return sendSpec(t, who.token, await make(who));
}

export const validRequests: Record<string, Make> = {
  'POST /user/add-email': json('/user/add-email', () => ({ email: 'changed@example.com' })),
  'POST /user/resend-email-otp': json('/user/resend-email-otp', () => ({ email: 'changed@example.com' })),
  'POST /user/verify-email': json('/user/verify-email', () => ({ email: 'changed@example.com', otp: '1234' })),
  'POST /user/pan-number': json('/user/pan-number', () => ({ pan: 'ABCPE7777F', dateOfBirth: '01/01/1991' })),
  'GET /user/pan-number': read('/user/pan-number'),
  'POST /user/confirm-pan': json('/user/confirm-pan', () => ({})),
  'POST /user/initiate-workflow/kyc': json('/user/initiate-workflow/kyc', () => ({})),
  'POST /user/verify-workflow/kyc': json('/user/verify-workflow/kyc', () => ({ requestId: 'KID2601151000ABCDEFGHIJKLMN' })),
  'POST /user/pan-proof-upload': form('/user/pan-proof-upload', async () => [await image('pan')]),
  'POST /user/personal-details': json('/user/personal-details', () => ({ ...validPersonalDetails, fatherName: 'Changed Name' })),
  'POST /user/add-bank-account': json('/user/add-bank-account', (who) => ({
    beneficiaryAccount: '50100999988887',
    beneficiaryIFSC: 'HDFC0000001',
    beneficiaryName: 'Someone Else',
    beneficiaryAccountType: 'savings',
    pan: who.pan,
    dateOfBirth: who.dateOfBirth,
  })),
  'POST /user/rpd-verification': json('/user/rpd-verification', () => ({})),
  'GET /user/rpd-verification': read('/user/rpd-verification'),
  'POST /user/initiate-workflow/selfie': json('/user/initiate-workflow/selfie', () => ({})),
  'POST /user/verify-workflow/selfie': json('/user/verify-workflow/selfie', () => ({ requestId: 'KID2601151000ABCDEFGHIJKLMN' })),
  'POST /user/declaration': json('/user/declaration', () => ({ ...declaration, settlementTimeFrame: 30 })),
  'POST /user/add-signature': form('/user/add-signature', async () => [await image('signature')]),
  'POST /user/add-nominee': form('/user/add-nominee', async () => [
    { name: 'nomineeDetails', value: JSON.stringify([nominee()]) },
    { ...(await image('documentProof_0')), name: 'documentProof_0' },
  ]),
  'POST /user/skip-nominee': json('/user/skip-nominee', () => ({})),
  'POST /user/skip-nominee/codes': json('/user/skip-nominee/codes', () => ({})),
  'POST /user/income-proof': form('/user/income-proof', async () => [{ name: 'skip', value: 'true' }]),
  'GET /user/income-proof/{consentId}': read('/user/income-proof/0f0e0d0c-0b0a-4909-8807-060504030201'),
  'POST /user/acknowledgements/{key}': json(`/user/acknowledgements/${mitc.key}`, () => ({ version: mitc.version })),
  'POST /user/e-sign-documents': json('/user/e-sign-documents', () => ({})),
  'POST /user/verify-workflow/esign': json('/user/verify-workflow/esign', () => ({ requestId: 'DID2601151000ABCDEFGHIJKLMN' })),
  'POST /user/initiate-verification': json('/user/initiate-verification', () => ({})),
  'POST /user/modification/details': json('/user/modification/details', () => ({
    gender: 'female', maritalStatus: 'unmarried', occupation: 'Business', incomeSegment: '5-10 Lac',
    tradingExperience: 'More than 5 years', fatherName: 'Mahesh Rao', motherName: 'Lakshmi Rao',
  })),
  'POST /user/modification/document': form('/user/modification/document', async () => [{ name: 'step', value: 'signature' }, { ...(await image('data')), name: 'data' }]),
};

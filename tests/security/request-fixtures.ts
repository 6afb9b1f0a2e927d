import type { LightMyRequestResponse } from 'fastify';
import type { StepApiRoute } from '../../src/engine/flow-types';
import { type TestApp, auth, get, post } from '../server/helpers';
import { declaration, nominee } from '../server/nominee-payloads';
import { validPersonalDetails } from '../fixtures/payloads';
import { image, upload } from './journey';

/** Who sends a request: a session token and the PAN they verified. */
export interface Sender {
  token: string;
  pan: string;
  dateOfBirth: string;
}

type Send = (t: TestApp, who: Sender) => Promise<LightMyRequestResponse>;

const json = (url: string, body: (who: Sender) => unknown): Send => (t, who) => post(t.app, `/api${url}`, body(who), auth(who.token));
const form = (url: string, parts: (who: Sender) => Promise<Parameters<typeof upload>[3]>): Send => async (t, who) => upload(t, who.token, `/api${url}`, await parts(who));

/**
 * A valid request for every route flow.json binds to a step (keyed as flow.json writes them), so that a refusal is
 * the step guard's and not the body's. A route flow.json gains without an entry here fails the tests that use this.
 */
export const validRequests: Record<string, Send> = {
  'POST /user/add-email': json('/user/add-email', () => ({ email: 'changed@example.com' })),
  'POST /user/resend-email-otp': json('/user/resend-email-otp', () => ({ email: 'changed@example.com' })),
  'POST /user/verify-email': json('/user/verify-email', () => ({ email: 'changed@example.com', otp: '1234' })),
  'POST /user/pan-number': json('/user/pan-number', () => ({ pan: 'ABCPE7777F', dateOfBirth: '01/01/1991' })),
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
  'GET /user/rpd-verification': (t, who) => get(t.app, '/api/user/rpd-verification', auth(who.token)),
  'POST /user/initiate-workflow/selfie': json('/user/initiate-workflow/selfie', () => ({})),
  'POST /user/verify-workflow/selfie': json('/user/verify-workflow/selfie', () => ({ requestId: 'KID2601151000ABCDEFGHIJKLMN' })),
  'POST /user/declaration': json('/user/declaration', () => ({ ...declaration, settlementTimeFrame: 30 })),
  'POST /user/add-signature': form('/user/add-signature', async () => [await image('signature')]),
  'POST /user/add-nominee': form('/user/add-nominee', async () => [
    { name: 'nomineeDetails', value: JSON.stringify([nominee()]) },
    { ...(await image('documentProof_0')), name: 'documentProof_0' },
  ]),
  'POST /user/skip-nominee': json('/user/skip-nominee', () => ({})),
  'POST /user/income-proof': form('/user/income-proof', async () => [{ name: 'skip', value: 'true' }]),
  'GET /user/income-proof/{consentId}': (t, who) => get(t.app, '/api/user/income-proof/0f0e0d0c-0b0a-4909-8807-060504030201', auth(who.token)),
  'POST /user/e-sign-documents': json('/user/e-sign-documents', () => ({})),
  'POST /user/verify-workflow/esign': json('/user/verify-workflow/esign', () => ({ requestId: 'DID2601151000ABCDEFGHIJKLMN' })),
  'POST /user/initiate-verification': json('/user/initiate-verification', () => ({})),
  'POST /user/modification/details': json('/user/modification/details', () => ({
    gender: 'female', maritalStatus: 'unmarried', occupation: 'Business', incomeSegment: '5-10 Lac',
    tradingExperience: 'More than 5 years', fatherName: 'Mahesh Rao', motherName: 'Lakshmi Rao',
  })),
  'POST /user/modification/document': form('/user/modification/document', async () => [{ name: 'step', value: 'signature' }, { ...(await image('data')), name: 'data' }]),
};

/** The route of a flow.json `api` entry. */
export const routeOf = (entry: string | StepApiRoute): string => (typeof entry === 'string' ? entry : entry.route);

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, StepSavedResponse, UserDetails } from '../../core/api/types';
import { encodeRekycData } from '../../core/engine/rekyc-link';
import { type TestApp, auth, get, post, startTestApp } from '../server/helpers';
import { acknowledgeEvidence, initiate, widget } from '../server/identity-fixtures';
import { type Applicant, applicantAt } from '../server/step-fixtures';
import { applicationState } from './application-state';
import { currentUser, image, upload } from './journey';

/**
 * Every id an applicant can send (issue 19): another applicant's document, identity request, consent, UPI request
 * or re-KYC id reads as not found (or is refused), and moves nothing of either applicant.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const messageOf = (body: unknown) => (body as ApiErrorBody).message;

async function userId(who: Applicant): Promise<string> {
  return (await currentUser(t, who)).id;
}

describe('IDOR', () => {
  it("documents: another applicant's document id is 404, as an unknown one", async () => {
    const owner = await applicantAt(t, 'pan_image_upload');
    const uploaded = await upload(t, owner.token, '/api/user/pan-proof-upload', [await image('pan')]);
    const documentId = (uploaded.json<StepSavedResponse>().user as UserDetails & { documentId: string }).documentId;
    expect((await get(t.app, `/api/user/documents/${documentId}`, auth(owner.token))).statusCode).toBe(200);
    const stranger = await applicantAt(t, 'pan_image_upload');
    for (const id of [documentId, '00000000-0000-4000-8000-000000000000']) {
      const answer = await get(t.app, `/api/user/documents/${id}`, auth(stranger.token));
      expect({ status: answer.statusCode, message: messageOf(answer.json()) }).toEqual({ status: 404, message: 'Document not found' });
    }
  });

  it.each([
    ['kyc', 'aadhaar_verification'],
    ['selfie', 'liveliness_detection'],
  ] as const)("identity requests (%s): another applicant's approved request id is 404 and completes nothing", async (workflow, step) => {
    const owner = await applicantAt(t, step);
    const { requestId } = await initiate(t, owner, workflow);
    await widget(t, requestId, 'approve');
    const stranger = await applicantAt(t, step);
    const before = await applicationState(t, stranger.phone);
    const answer = await post(t.app, `/api/user/verify-workflow/${workflow}`, { requestId }, auth(stranger.token));
    expect({ status: answer.statusCode, message: messageOf(answer.json()) }).toEqual({ status: 404, message: 'Verification request not found' });
    expect(await applicationState(t, stranger.phone)).toEqual(before);
    // The owner's request still works for its owner.
    expect((await post(t.app, `/api/user/verify-workflow/${workflow}`, { requestId }, auth(owner.token))).statusCode).toBe(200);
  });

  it("eSign requests: another applicant's signed document request id is 404", async () => {
    const owner = await applicantAt(t, 'aadhaar_e_sign_documents');
    await acknowledgeEvidence(t, owner);
    const [first] = (await post(t.app, '/api/user/e-sign-documents', {}, auth(owner.token))).json<{ eSignRequestID: string }[]>();
    await widget(t, first!.eSignRequestID, 'approve');
    const stranger = await applicantAt(t, 'aadhaar_e_sign_documents');
    const answer = await post(t.app, '/api/user/verify-workflow/esign', { requestId: first!.eSignRequestID }, auth(stranger.token));
    expect({ status: answer.statusCode, message: messageOf(answer.json()) }).toEqual({ status: 404, message: 'Verification request not found' });
  });

  it("account-aggregator consents: another applicant's approved consent id is 404 and completes nothing", async () => {
    const owner = await applicantAt(t, 'income_proof');
    const started = await upload(t, owner.token, '/api/user/income-proof', [{ name: 'account_aggregator_flow', value: 'true' }]);
    const { consentId } = started.json<{ consentId: string }>();
    expect((await post(t.app, `/api/dev/aa/${consentId}/approve`, {})).statusCode).toBe(200);
    const stranger = await applicantAt(t, 'income_proof');
    const before = await applicationState(t, stranger.phone);
    const answer = await get(t.app, `/api/user/income-proof/${consentId}`, auth(stranger.token));
    expect({ status: answer.statusCode, message: messageOf(answer.json()) }).toEqual({ status: 404, message: 'Consent not found' });
    expect(await applicationState(t, stranger.phone)).toEqual(before);
    expect((await get(t.app, `/api/user/income-proof/${consentId}`, auth(owner.token))).json()).toMatchObject({ consentStatus: 'success' });
  });

  it("UPI requests: an applicant's status shows only their own request, never another's", async () => {
    const owner = await applicantAt(t, 'bank_details');
    expect((await post(t.app, '/api/user/rpd-verification', {}, auth(owner.token))).statusCode).toBe(200);
    const stranger = await applicantAt(t, 'bank_details');
    expect((await get(t.app, '/api/user/rpd-verification', auth(stranger.token))).json()).toMatchObject({ status: 'not_started' });
    expect((await get(t.app, '/api/user/rpd-verification', auth(owner.token))).json()).toMatchObject({ status: 'pending' });
  });

  it("re-KYC: another applicant's id or link is 403, and nothing is declared", async () => {
    const owner = await applicantAt(t, 'verified');
    const stranger = await applicantAt(t, 'verified');
    const before = await applicationState(t, stranger.phone);
    for (const id of [await userId(owner), encodeRekycData(owner.phone, await userId(owner))]) {
      const answer = await upload(t, stranger.token, '/api/rekyc/income-declaration', [{ name: 'id', value: id }, { name: 'income', value: '5-10 Lac' }]);
      expect({ status: answer.statusCode, message: messageOf(answer.json()) }).toEqual({ status: 403, message: 'This re-KYC link belongs to another applicant' });
    }
    expect(await applicationState(t, stranger.phone)).toEqual(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse } from '../../../core/api/types';
import { type TestApp, startTestApp } from '../helpers';
import { esignList, widget } from '../identity-fixtures';
import { type Applicant, applicantAt, expectError, nextAfter, send } from '../step-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const verifyDocument = (who: Applicant, requestId: string) => send<{ message: string }>(t, who, '/api/user/verify-workflow/esign', { requestId });
const initiateVerification = (who: Applicant) => send<StepSavedResponse>(t, who, '/api/user/initiate-verification', {});

describe('Aadhaar eSign', () => {
  it('lists the KRA Form and the Account Opening Form, each with its own request id and token, none signed', async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    const list = await esignList(t, who);
    expect(list.map((entry) => entry.name)).toEqual(['KRA Form', 'Account Opening Form']);
    for (const entry of list) {
      expect(entry).toEqual({ name: entry.name, identifier: who.phone, eSignRequestID: expect.stringMatching(/^DID/), token: expect.stringMatching(/^GWT/), signed: false });
    }
    expect(new Set(list.map((entry) => entry.eSignRequestID)).size).toBe(2);
  });

  it('signs each document in turn (one cancelled, then retried), then initiate-verification moves to verification_pending', async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents', {}, 'income_proof');
    const [kra, aof] = await esignList(t, who);
    if (!kra || !aof) throw new Error('two documents expected');

    expect((await widget(t, kra.eSignRequestID, 'approve')).json()).toEqual({ digio_doc_id: kra.eSignRequestID, message: 'Sign Successful' });
    expect(await verifyDocument(who, kra.eSignRequestID)).toEqual({ status: 200, body: { message: 'Esign for KRA Form successfully!' } });

    expectError(await initiateVerification(who), 400, 'Please sign Account Opening Form first');
    expect((await widget(t, aof.eSignRequestID, 'cancel')).json()).toEqual({ digio_doc_id: aof.eSignRequestID, error_code: 'CANCELLED', message: 'Signing cancelled' });
    expectError(await verifyDocument(who, aof.eSignRequestID), 409, 'Verification is not complete yet, please finish it in the widget');

    // Retry: the screen reloads the list; the KRA Form stays signed, the other gets a fresh request.
    const [kraAgain, retry] = await esignList(t, who);
    expect(kraAgain).toMatchObject({ name: 'KRA Form', signed: true, eSignRequestID: kra.eSignRequestID });
    expect(retry).toMatchObject({ name: 'Account Opening Form', signed: false });
    expect(retry?.eSignRequestID).not.toBe(aof.eSignRequestID);
    await widget(t, retry?.eSignRequestID ?? '', 'approve');
    expect((await verifyDocument(who, retry?.eSignRequestID ?? '')).body.message).toBe('Esign for Account Opening Form successfully!');

    const done = await initiateVerification(who);
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Documents submitted for verification');
    expect(done.body.user).toMatchObject({ currentStep: 'aadhaar_e_sign_documents', nextStep: nextAfter('aadhaar_e_sign_documents') });
  });

  it('a document signed in the widget counts even if the screen never verified it', async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    const list = await esignList(t, who);
    for (const entry of list) await widget(t, entry.eSignRequestID, 'approve');
    expect((await esignList(t, who)).every((entry) => entry.signed && entry.token === '')).toBe(true);
    expect((await initiateVerification(who)).body.user.nextStep).toBe(nextAfter('aadhaar_e_sign_documents'));
  });

  it('nothing signed: names both documents', async () => {
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    await esignList(t, who);
    expectError(await initiateVerification(who), 400, 'Please sign KRA Form and Account Opening Form first');
  });

  it("another applicant's document request id: 404", async () => {
    const owner = await applicantAt(t, 'aadhaar_e_sign_documents');
    const stranger = await applicantAt(t, 'aadhaar_e_sign_documents');
    const [kra] = await esignList(t, owner);
    await widget(t, kra?.eSignRequestID ?? '', 'approve');
    expectError(await verifyDocument(stranger, kra?.eSignRequestID ?? ''), 404, 'Verification request not found');
  });

  it('after verification_pending every eSign route is closed (the step guard): 400', async () => {
    const who = await applicantAt(t, 'verification_pending');
    for (const url of ['/api/user/e-sign-documents', '/api/user/initiate-verification']) {
      expectError(await send(t, who, url, {}), 400, 'please complete previous steps');
    }
  });

  it('before the eSign step is reached: please complete previous steps', async () => {
    const who = await applicantAt(t, 'nominee');
    expectError(await send(t, who, '/api/user/e-sign-documents', {}), 400, 'please complete previous steps');
  });
});

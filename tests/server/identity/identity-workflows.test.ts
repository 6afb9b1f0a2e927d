import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse } from '../../../core/api/types';
import { type TestApp, auth, get, startTestApp } from '../helpers';
import { type Credentials, initiate, widget } from '../identity-fixtures';
import { type Applicant, applicantAt, expectError, nextAfter, send, setUserRow } from '../step-fixtures';
import { stepAnswersOf, withDb } from '../stored-records';
import { phoneJpeg } from '../upload-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const workflows = [
  { workflow: 'kyc', step: 'aadhaar_verification', next: nextAfter('aadhaar_verification'), message: 'KYC details verified successfully!' },
  { workflow: 'selfie', step: 'liveliness_detection', next: nextAfter('liveliness_detection'), message: 'Image verified successfully!' },
] as const;

const verify = (who: Applicant, workflow: string, requestId: unknown) => send<StepSavedResponse>(t, who, `/api/user/verify-workflow/${workflow}`, { requestId });

describe.each(workflows)('$workflow through the identity widget', ({ workflow, step, next, message }) => {
  it(`initiate answers {status, identifier, requestId, token}; approve then verify says '${message}' and moves on to ${next}`, async () => {
    const who = await applicantAt(t, step);
    const credentials = await initiate(t, who, workflow);
    expect(credentials).toEqual({ status: 'requested', identifier: expect.any(String), requestId: expect.stringMatching(/^KID[0-9]{15}[A-Z0-9]{14}$/), token: expect.stringMatching(/^GWT/) });
    expect(credentials.identifier).toBe(who.phone);
    expect((await widget(t, credentials.requestId, 'approve')).json()).toEqual({ digio_doc_id: credentials.requestId, message: 'KYC process completed' });
    const { status, body } = await verify(who, workflow, credentials.requestId);
    expect(status).toBe(200);
    expect(body.message).toBe(message);
    expect(body.user).toMatchObject({ currentStep: step, nextStep: next });
  });

  it("a cancel changes nothing at Digio: the SDK says so, verify answers 'not complete yet', and a retry in the SDK then verifies", async () => {
    const who = await applicantAt(t, step);
    const { requestId } = await initiate(t, who, workflow);
    expect((await widget(t, requestId, 'cancel')).json()).toEqual({ digio_doc_id: requestId, error_code: 'CANCELLED', message: 'KYC Process Cancelled' });
    expectError(await verify(who, workflow, requestId), 409, 'Verification is not complete yet, please finish it in the widget');
    await widget(t, requestId, 'approve');
    expect((await verify(who, workflow, requestId)).status).toBe(200);
  });

  it('a second verify of the same id answers the same and changes nothing', async () => {
    const who = await applicantAt(t, step);
    const { requestId } = await initiate(t, who, workflow);
    await widget(t, requestId, 'approve');
    const first = await verify(who, workflow, requestId);
    // Moved back a step meanwhile: the old request must not complete the step again.
    await setUserRow(t, who.phone, { next_step: step, current_step: null });
    const second = await verify(who, workflow, requestId);
    expect(second.status).toBe(200);
    expect(second.body.message).toBe(first.body.message);
    expect(second.body.user).toMatchObject({ currentStep: null, nextStep: step });
  });
});

describe('a selfie taken again', () => {
  const selfiesOf = (who: Applicant) =>
    withDb(t, (db) => db.selectFrom('documents').innerJoin('users', 'users.id', 'documents.user_id').select('documents.id').where('users.phone', '=', who.phone).where('documents.kind', '=', 'selfie_image').execute());

  /** Approve with the camera's photo, as the browser does. */
  async function approveWithPhoto(requestId: string): Promise<void> {
    const photo = `data:image/jpeg;base64,${(await phoneJpeg(320, 240)).toString('base64')}`;
    const approved = await t.app.inject({ method: 'POST', url: `/api/dev/identity/${requestId}/approve`, payload: { photo } });
    expect(approved.statusCode, approved.body).toBe(200);
  }

  it('after a step back: its answers name the new photo, and the old photo is gone (one save path, as every step)', async () => {
    const who = await applicantAt(t, 'liveliness_detection');
    const first = await initiate(t, who, 'selfie');
    await approveWithPhoto(first.requestId);
    expect((await verify(who, 'selfie', first.requestId)).status).toBe(200);
    const [old] = await selfiesOf(who);
    expect(old).toBeDefined();
    await setUserRow(t, who.phone, { next_step: 'liveliness_detection', current_step: null });
    const again = await initiate(t, who, 'selfie');
    await approveWithPhoto(again.requestId);
    const { body } = await verify(who, 'selfie', again.requestId);
    expect(body.user).toMatchObject({ currentStep: 'liveliness_detection', nextStep: nextAfter('liveliness_detection') });
    const kept = await selfiesOf(who);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.id).not.toBe(old!.id);
    expect((await stepAnswersOf(t, who)).liveliness_detection).toEqual({ requestId: again.requestId, documentId: kept[0]!.id });
  });
});

describe('request-id rules', () => {
  let owner: Applicant;
  let stranger: Applicant;
  let kyc: Credentials;
  let selfie: Credentials;
  beforeAll(async () => {
    owner = await applicantAt(t, 'liveliness_detection');
    stranger = await applicantAt(t, 'liveliness_detection');
    kyc = await initiate(t, owner, 'kyc');
    selfie = await initiate(t, owner, 'selfie');
  });

  it.each<[string, () => [Applicant, string, string], number, string]>([
    ['before the widget finished', () => [owner, 'selfie', selfie.requestId], 409, 'Verification is not complete yet, please finish it in the widget'],
    ["someone else's request id", () => [stranger, 'selfie', selfie.requestId], 404, 'Verification request not found'],
    ['an unknown request id', () => [owner, 'selfie', 'KID000000000000000NOSUCHREQUEST'], 404, 'Verification request not found'],
    ['a KYC request id sent to the selfie verify', () => [owner, 'selfie', kyc.requestId], 404, 'Verification request not found'],
    ['a malformed request id', () => [owner, 'selfie', '../etc/passwd'], 400, 'requestId is not valid'],
    ['no request id', () => [owner, 'selfie', ''], 400, 'requestId is not valid'],
  ])('%s: %i', async (_label, args, status, message) => {
    const [who, workflow, requestId] = args();
    expectError(await verify(who, workflow, requestId), status, message);
  });

  it("someone else's approved request still cannot be verified by another applicant", async () => {
    const { requestId } = await initiate(t, owner, 'selfie');
    await widget(t, requestId, 'approve');
    expectError(await verify(stranger, 'selfie', requestId), 404, 'Verification request not found');
    expect((await verify(owner, 'selfie', requestId)).status).toBe(200);
  });

  it('a rejected request: 400, and the widget cannot approve it afterwards', async () => {
    const who = await applicantAt(t, 'aadhaar_verification');
    const { requestId } = await initiate(t, who, 'kyc');
    expect((await widget(t, requestId, 'reject')).json()).toMatchObject({ error_code: 'REJECTED' });
    expect((await widget(t, requestId, 'approve')).json()).toMatchObject({ error_code: 'REJECTED' });
    expectError(await verify(who, 'kyc', requestId), 400, 'Verification was rejected, please start again');
  });

  it('the sandbox control knows only its own requests: 404', async () => {
    const response = await widget(t, 'KID000000000000000NOSUCHREQUEST', 'approve');
    expect({ status: response.statusCode, message: response.json<{ message: string }>().message }).toEqual({ status: 404, message: 'Unknown sandbox request' });
  });
});

describe('GET /api/identity/widget', () => {
  it("names the SDK to load: Digio's simulator's, on this origin, in its sandbox environment", async () => {
    const who = await applicantAt(t, 'aadhaar_verification');
    expect((await get(t.app, '/api/identity/widget', auth(who.token))).json()).toEqual({ sdkUrl: '/sim/digio/sdk/v11/digio.js', environment: 'sandbox' });
  });
});

describe('KYC held for our approval', () => {
  it("the simulator's KYC template stops in approval_pending; verify approves it with Digio (manage_approval) and keeps the Aadhaar summary", async () => {
    const who = await applicantAt(t, 'aadhaar_verification');
    const { requestId } = await initiate(t, who, 'kyc');
    await widget(t, requestId, 'approve');
    const atDigio = () => withDb(t, async (db) => JSON.parse((await db.selectFrom('sim_records').select('data').where('id', '=', requestId).executeTakeFirstOrThrow()).data) as { status: string });
    expect((await atDigio()).status).toBe('approval_pending');
    expect((await verify(who, 'kyc', requestId)).status).toBe(200);
    expect((await atDigio()).status).toBe('approved');
    const stored = await withDb(t, (db) => db.selectFrom('identity_requests').select('result').where('request_id', '=', requestId).executeTakeFirstOrThrow());
    expect(JSON.parse(stored.result ?? '{}')).toMatchObject({ provider: 'digio', aadhaar: { lastFour: expect.stringMatching(/^\d{4}$/) } });
  });
});

describe('step order', () => {
  it('KYC before PAN is done: please complete previous steps', async () => {
    const who = await applicantAt(t, 'pan_verification');
    expectError(await send(t, who, '/api/user/initiate-workflow/kyc', {}), 400, 'please complete previous steps');
  });

  it.each(['verification_pending', 'verified', 're_verification'])('after %s the KYC and selfie steps are closed (the step guard): 400', async (status) => {
    const who = await applicantAt(t, status);
    for (const workflow of ['kyc', 'selfie']) {
      expectError(await send(t, who, `/api/user/initiate-workflow/${workflow}`, {}), 400, 'please complete previous steps');
      expectError(await verify(who, workflow, 'KID000000000000000ANYREQUEST00'), 400, 'please complete previous steps');
    }
  });

  it('without a session: 401', async () => {
    expect((await get(t.app, '/api/user', auth('nope'))).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'POST', url: '/api/user/initiate-workflow/kyc', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

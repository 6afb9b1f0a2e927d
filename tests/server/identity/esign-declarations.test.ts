import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../helpers';
import { esignList, widget } from '../identity-fixtures';
import { nominee } from '../nominee-payloads';
import { stepAnswersOf } from '../stored-records';
import { type Applicant, applicantAt, expectError, send, setUserRow, validPersonalDetails } from '../step-fixtures';
import { multipart, phoneJpeg } from '../upload-fixtures';
import { noDeadline } from '../../../server/providers/call-budget';

/**
 * The eSigned forms carry the applicant's declarations: the F&O risk acknowledgement with its time on every form,
 * and an applicant who opted out of nominating signs SEBI's opt-out declaration as a document of its own.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Personal details with F&O (acknowledged), then nominee: skipped (opt-out) or one nominee; then at eSign. */
async function atEsign(optOut: boolean): Promise<Applicant> {
  const who = await applicantAt(t, 'personal_details');
  expect((await send(t, who, '/api/user/personal-details', validPersonalDetails)).status).toBe(200);
  await setUserRow(t, who.phone, { current_step: 'signature', next_step: 'nominee' });
  if (optOut) {
    expect((await send(t, who, '/api/user/skip-nominee', {})).status).toBe(200);
  } else {
    const { body, contentType } = multipart([
      { name: 'nomineeDetails', value: JSON.stringify([nominee()]) },
      { name: 'documentProof_0', filename: 'proof.jpg', contentType: 'image/jpeg', data: await phoneJpeg(400, 300) },
    ]);
    const saved = await t.app.inject({ method: 'POST', url: '/api/user/add-nominee', payload: body, headers: { 'x-access-token': who.token, 'content-type': contentType } });
    expect(saved.statusCode).toBe(200);
  }
  await setUserRow(t, who.phone, { current_step: 'income_proof', next_step: 'aadhaar_e_sign_documents' });
  return who;
}

/** The text Digio's simulator prints on a signed PDF (its lines, uncompressed in the page content), downloaded by the client. */
async function signedText(requestId: string): Promise<string> {
  return new TextDecoder().decode(await t.app.providers.clients.identity.downloadSigned(requestId, noDeadline));
}

describe('eSign with the applicant\'s declarations', () => {
  it('an applicant who nominated signs the two forms, each with the F&O risk acknowledgement and its time', async () => {
    const who = await atEsign(false);
    const list = await esignList(t, who);
    expect(list.map((entry) => entry.name)).toEqual(['KRA Form', 'Account Opening Form']);
    const acknowledgedAt = ((await stepAnswersOf(t, who)).personal_details?.declaredAt as Record<string, string>).fnoRiskAcknowledged;
    for (const entry of list) {
      await widget(t, entry.eSignRequestID, 'approve');
      const text = await signedText(entry.eSignRequestID);
      expect(text).toContain(`(${entry.name}) Tj`);
      expect(text).toContain('(fno_risk_acknowledged: true) Tj');
      expect(text).toContain(`(fno_risk_acknowledged_at: ${acknowledgedAt}) Tj`);
    }
  });

  it('an applicant who opted out also signs the Nomination Opt-out Declaration, with SEBI\'s text and its time; all three are needed', async () => {
    const who = await atEsign(true);
    const list = await esignList(t, who);
    expect(list.map((entry) => entry.name)).toEqual(['KRA Form', 'Account Opening Form', 'Nomination Opt-out Declaration']);
    expectError(await send(t, who, '/api/user/initiate-verification', {}), 400, 'Please sign KRA Form, Account Opening Form, and Nomination Opt-out Declaration first');
    const optOut = list[2];
    if (!optOut) throw new Error('three documents expected');
    await widget(t, optOut.eSignRequestID, 'approve');
    const text = await signedText(optOut.eSignRequestID);
    expect(text).toContain('(skip_declaration: I/We hereby confirm that I/We do not wish to appoint any nominee\\(s\\) in my/our) Tj');
    const declaredAt = ((await stepAnswersOf(t, who)).nominee?.declaredAt as Record<string, string>).skipDeclaration;
    expect(text).toContain(`(skip_declaration_at: ${declaredAt}) Tj`);
    for (const entry of list.slice(0, 2)) await widget(t, entry.eSignRequestID, 'approve');
    const done = await send<{ user: { nextStep: string } }>(t, who, '/api/user/initiate-verification', {});
    expect(done.body.user.nextStep).toBe('verification_pending');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/load-config';
import { stepOwning } from '../../core/engine/step-api';
import { stepBefore } from '../../core/engine/flow';
import { addEmailAndVerify } from '../server/email-helpers';
import { type TestApp, auth, post, startTestApp } from '../server/helpers';
import { esignList } from '../server/identity-fixtures';
import { expectError, send } from '../server/step-fixtures';
import { validPersonalDetails } from '../fixtures/payloads';
import { type Walker, currentUser, signEveryDocument, stepActions, walkTo } from './journey';

/**
 * A signed eSign is never kept for data that changed after it (issue 19): going back from the signing step, or
 * re-submitting an earlier step while at it, voids the signatures; the documents list unsigned again, an old
 * request cannot be verified, and the application cannot be submitted until every document is signed again.
 */

const { flow } = loadConfig();
const signing = stepOwning(flow, 'POST /user/e-sign-documents');

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const verify = (who: Walker, requestId: string) => send<{ message: string }>(t, who, '/api/user/verify-workflow/esign', { requestId });
const submit = (who: Walker) => send(t, who, '/api/user/initiate-verification', {});

async function signedApplicant(): Promise<{ who: Walker; signed: string[] }> {
  const who = await walkTo(t, signing);
  const signed = await signEveryDocument(t, who);
  expect((await esignList(t, who)).every((entry) => entry.signed)).toBe(true);
  return { who, signed };
}

async function expectSignaturesVoided(who: Walker, signed: string[]): Promise<void> {
  const list = await esignList(t, who);
  expect(list.map((entry) => entry.signed)).toEqual(list.map(() => false));
  expect(list.some((entry) => signed.includes(entry.eSignRequestID))).toBe(false);
  for (const requestId of signed) {
    expectError(await verify(who, requestId), 409, 'Your details changed after this signature, please sign again');
  }
  const names = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' }).format(list.map((entry) => entry.name));
  expectError(await submit(who), 400, `Please sign ${names} first`);
}

describe('eSign after a change', () => {
  it('going back from the signing step voids the signatures; walking forward again needs new ones', async () => {
    const { who, signed } = await signedApplicant();
    const back = await post(t.app, '/api/user/set-previous', {}, auth(who.token));
    expect(back.statusCode).toBe(200);
    const reopened = stepBefore(flow, signing)!;
    expect((await currentUser(t, who)).nextStep).toBe(reopened);
    await stepActions[reopened]!(t, who);
    expect((await currentUser(t, who)).nextStep).toBe(signing);
    await expectSignaturesVoided(who, signed);
    // Signing again submits.
    await signEveryDocument(t, who);
    expect((await submit(who)).status).toBe(200);
    expect((await currentUser(t, who)).nextStep).toBe(flow.afterJourney);
  });

  it('re-submitting an earlier step while at the signing step voids the signatures', async () => {
    const { who, signed } = await signedApplicant();
    const changed = await send(t, who, '/api/user/personal-details', { ...validPersonalDetails, fatherName: 'Changed After Signing' });
    expect(changed.status).toBe(200);
    expect((await currentUser(t, who)).nextStep).toBe(signing);
    await expectSignaturesVoided(who, signed);
  });

  it('a new email after signing voids the signatures', async () => {
    const { who, signed } = await signedApplicant();
    await addEmailAndVerify(t, who.token, `after-signing-${who.phone}@example.com`);
    await expectSignaturesVoided(who, signed);
  });

  it("the signing step's own routes keep the signatures (listing again, verifying again)", async () => {
    const { who, signed } = await signedApplicant();
    expect((await verify(who, signed[0]!)).status).toBe(200);
    const list = await esignList(t, who);
    expect(list.map((entry) => [entry.eSignRequestID, entry.signed])).toEqual(signed.map((id) => [id, true]));
    expect((await submit(who)).status).toBe(200);
  });

  it('a refused change (a step guard or a body error) keeps the signatures', async () => {
    const { who, signed } = await signedApplicant();
    expect((await send(t, who, '/api/user/personal-details', { ...validPersonalDetails, gender: 'x' })).status).toBe(400);
    expect((await send(t, who, '/api/user/pan-number', { pan: 'ABCPE7777F', dateOfBirth: '01/01/1991' })).status).toBe(400);
    expect((await esignList(t, who)).map((entry) => entry.eSignRequestID)).toEqual(signed);
  });
});

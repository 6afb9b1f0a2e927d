import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse } from '../../../core/api/types';
import { type TestApp, auth, get, startTestApp } from '../helpers';
import { applicantAt, expectError, send, setUserRow, validModification } from '../step-fixtures';

const url = '/api/user/modification/details';
const outOfSync = 'please complete previous steps';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /api/user/modification/details', () => {
  it('with only personal details rejected: saves them as sent (lowercase) and moves on to verification_pending', async () => {
    const who = await applicantAt(t, 'modification', { personal_details: { reason: 'Father name mismatch' } }, 'aadhaar_e_sign_documents');
    const { status, body } = await send<StepSavedResponse>(t, who, url, validModification);
    expect(status).toBe(200);
    expect(body.message).toBe('Personal Details Saved!');
    expect(body.user).toMatchObject({
      ...validModification,
      rejectedSteps: {},
      currentStep: 'modification',
      nextStep: 'verification_pending',
    });
  });

  it('with other steps still rejected: clears personal_details only and stays on modification', async () => {
    const who = await applicantAt(t, 'modification', { personal_details: {}, signature: { reason: 'Blurred' } });
    const { body } = await send<StepSavedResponse>(t, who, url, { ...validModification, segments: ['EQ', 'COM'] });
    expect(body.user).toMatchObject({ rejectedSteps: { signature: { reason: 'Blurred' } }, nextStep: 'modification', segments: ['EQ', 'COM'] });
  });

  it('keeps the saved segments when none are sent', async () => {
    const who = await applicantAt(t, 'personal_details');
    await send(t, who, '/api/user/personal-details', {
      ...validModification,
      gender: 'Male',
      maritalStatus: 'Married',
      segments: ['EQ', 'FNO'],
      fnoRiskAcknowledged: true,
      otherOptionsDeclaration: true,
    });
    await setUserRow(t, who.phone, { next_step: 'modification', rejected_steps: JSON.stringify({ personal_details: {} }) });
    const { body } = await send<StepSavedResponse>(t, who, url, validModification);
    expect(body.user).toMatchObject({ gender: 'female', segments: ['EQ', 'FNO'] });
  });

  const fnoMessage = 'F&O trading needs an annual income above Rs 1 Lac';
  const lowIncome = { ...validModification, incomeSegment: 'Below Rs 1 Lac' };

  it('F&O with an income below Rs 1 Lac is refused with the rule of personal details, and the rejection stays', async () => {
    const who = await applicantAt(t, 'modification', { personal_details: { reason: 'Income mismatch' } });
    const body = expectError(await send(t, who, url, { ...lowIncome, segments: ['EQ', 'FNO'] }), 400, fnoMessage);
    expect(body).toMatchObject({ errors: { segments: [fnoMessage] } });
    expect((await get(t.app, '/api/user', auth(who.token))).json<{ user: object }>().user).toMatchObject({ rejectedSteps: { personal_details: { reason: 'Income mismatch' } }, nextStep: 'modification' });
  });

  it('an income lowered below Rs 1 Lac while the saved segments keep F&O is refused, and nothing is stored', async () => {
    const who = await applicantAt(t, 'personal_details');
    await send(t, who, '/api/user/personal-details', { ...validModification, gender: 'Male', maritalStatus: 'Married', segments: ['EQ', 'FNO'], fnoRiskAcknowledged: true, otherOptionsDeclaration: true });
    await setUserRow(t, who.phone, { next_step: 'modification', rejected_steps: JSON.stringify({ personal_details: {} }) });
    expectError(await send(t, who, url, lowIncome), 400, fnoMessage);
    expect((await get(t.app, '/api/user', auth(who.token))).json<{ user: object }>().user).toMatchObject({ incomeSegment: '5-10 Lac', gender: 'Male', segments: ['EQ', 'FNO'], rejectedSteps: { personal_details: {} } });
    // Without F&O the same income is accepted.
    expect((await send(t, who, url, { ...lowIncome, segments: ['EQ'] })).status).toBe(200);
  });

  it.each<[string, string, Record<string, object>]>([
    ['next step is not modification', 'bank_details', { personal_details: {} }],
    ['personal details not rejected', 'modification', { signature: {} }],
    ['nothing rejected', 'modification', {}],
    ['a status after the journey', 'verification_pending', { personal_details: {} }],
  ])('%s: please complete previous steps', async (_name, nextStep, rejected) => {
    const who = await applicantAt(t, nextStep, rejected);
    expectError(await send(t, who, url, validModification), 400, outOfSync);
  });

  it('a second submit after the fix: please complete previous steps', async () => {
    const who = await applicantAt(t, 'modification', { personal_details: {} });
    expect((await send(t, who, url, validModification)).status).toBe(200);
    expectError(await send(t, who, url, validModification), 400, outOfSync);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse, UserResponse } from '../../src/api/types';
import { continueRoute, stepAfter } from '../../src/engine/flow';
import { loadConfig } from '../../server/config/load-config';
import { type TestApp, auth, get, startTestApp } from './helpers';
import { applicantAt, applicantAtPan, expectError, send, validPersonalDetails, verifyAndConfirmPan } from './step-fixtures';

const url = '/api/user/personal-details';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const flow = loadConfig().flow;
const next = stepAfter(flow, 'personal_details');

describe('POST /api/user/personal-details', () => {
  it('saves every answer, completes the step: next is the step after it in flow.json', async () => {
    const who = await applicantAt(t, 'personal_details', {}, 'pan_image_upload');
    const { status, body } = await send<StepSavedResponse>(t, who, url, validPersonalDetails);
    expect(status).toBe(200);
    expect(body.message).toBe('Personal Details Saved!');
    // The declarations are the step's record, not the applicant's: never offered back as ticked.
    const { otherOptionsDeclaration: _declaration, fnoRiskAcknowledged: _acknowledged, ...shown } = validPersonalDetails;
    expect(body.user).toMatchObject({ ...shown, currentStep: 'personal_details', nextStep: next });
    expect(body.user).not.toHaveProperty('otherOptionsDeclaration');
    expect(body.user).not.toHaveProperty('fnoRiskAcknowledged');
    expect(continueRoute(flow, body.user.nextStep)).toBe(flow.steps.find((step) => step.id === next)?.routes[0]);
    const me = (await get(t.app, '/api/user', auth(who.token))).json<UserResponse>().user;
    expect(me).toMatchObject({ ...shown, nextStep: next });
  });

  it('F&O with income Below Rs 1 Lac is refused; EQ alone with that income is saved', async () => {
    const who = await applicantAt(t, 'personal_details');
    const low = { ...validPersonalDetails, incomeSegment: 'Below Rs 1 Lac' };
    expectError(await send(t, who, url, low), 400, 'F&O trading needs an annual income above Rs 1 Lac');
    const saved = await send<StepSavedResponse>(t, who, url, { ...low, segments: ['EQ', 'CD'] });
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ incomeSegment: 'Below Rs 1 Lac', segments: ['EQ', 'CD'] });
  });

  it('trims spaces around parent names', async () => {
    const who = await applicantAt(t, 'personal_details');
    const { body } = await send<StepSavedResponse>(t, who, url, { ...validPersonalDetails, fatherName: '  Ramesh Kumar ' });
    expect(body.user.fatherName).toBe('Ramesh Kumar');
  });

  it('the other options declaration is the applicant\'s own tick: left out or false, it is refused with its message', async () => {
    const who = await applicantAt(t, 'personal_details');
    const { otherOptionsDeclaration: _declaration, ...withoutIt } = validPersonalDetails;
    expectError(await send(t, who, url, withoutIt), 400, "Tick 'I agree to the other options below' to continue");
    expectError(await send(t, who, url, { ...validPersonalDetails, otherOptionsDeclaration: false }), 400, "Tick 'I agree to the other options below' to continue");
  });

  it('right after PAN (KYC and PAN image still to do): please complete previous steps', async () => {
    const who = await applicantAtPan(t);
    await verifyAndConfirmPan(t, who, 'PDTPS1234K');
    expectError(await send(t, who, url, validPersonalDetails), 400, 'please complete previous steps');
  });

  it('an applicant who is already past it may save again; the pointers do not move', async () => {
    const who = await applicantAt(t, 'liveliness_detection', {}, 'bank_details');
    const { body } = await send<StepSavedResponse>(t, who, url, { ...validPersonalDetails, occupation: 'Student' });
    expect(body.user).toMatchObject({ occupation: 'Student', currentStep: 'bank_details', nextStep: 'liveliness_detection' });
  });
});

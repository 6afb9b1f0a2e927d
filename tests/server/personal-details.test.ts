import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse, UserResponse } from '../../src/api/types';
import { continueRoute } from '../../src/engine/flow';
import { loadConfig } from '../../server/config/load-config';
import { type TestApp, auth, get, startTestApp } from './helpers';
import { applicantAt, applicantAtPan, expectError, send, validPersonalDetails, verifyAndConfirmPan } from './step-fixtures';

const url = '/api/user/personal-details';
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /api/user/personal-details', () => {
  it('saves every answer, completes the step: next is bank_details (/link-bank-account)', async () => {
    const who = await applicantAt(t, 'personal_details', {}, 'pan_image_upload');
    const { status, body } = await send<StepSavedResponse>(t, who, url, validPersonalDetails);
    expect(status).toBe(200);
    expect(body.message).toBe('Personal Details Saved!');
    const { otherOptionsDeclaration: _declaration, ...shown } = validPersonalDetails;
    expect(body.user).toMatchObject({ ...shown, currentStep: 'personal_details', nextStep: 'bank_details' });
    expect(continueRoute(loadConfig().flow, body.user.nextStep)).toBe('/link-bank-account');
    const me = (await get(t.app, '/api/user', auth(who.token))).json<UserResponse>().user;
    expect(me).toMatchObject({ ...shown, nextStep: 'bank_details' });
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

  it('the declaration is optional', async () => {
    const who = await applicantAt(t, 'personal_details');
    const { otherOptionsDeclaration: _declaration, ...withoutIt } = validPersonalDetails;
    expect((await send(t, who, url, withoutIt)).status).toBe(200);
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

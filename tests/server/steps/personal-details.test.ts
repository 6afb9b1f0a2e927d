import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse, UserResponse } from '../../../core/api/types';
import { continueRoute, stepAfter, stepBefore } from '../../../core/engine/flow';
import { loadConfig } from '../../../server/config/load-config';
import { type TestApp, auth, get, startTestApp } from '../helpers';
import { applicantAt, expectError, send, validPersonalDetails } from '../step-fixtures';

const url = '/api/user/personal-details';
// The steps around personal details, as flow.json orders them (the spec's order: tests/config/spec-contract.test.ts).
const { flow } = loadConfig();
const before = stepBefore(flow, 'personal_details')!;
const after = stepAfter(flow, 'personal_details')!;
const afterThat = stepAfter(flow, after)!;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /api/user/personal-details', () => {
  it('saves every answer, completes the step: next is the step after it in flow.json', async () => {
    const who = await applicantAt(t, 'personal_details', {}, before);
    const { status, body } = await send<StepSavedResponse>(t, who, url, validPersonalDetails);
    expect(status).toBe(200);
    expect(body.message).toBe('Personal Details Saved!');
    // The declarations are the step's record, not the applicant's: never offered back as ticked.
    const { otherOptionsDeclaration: _declaration, fnoRiskAcknowledged: _acknowledged, ...shown } = validPersonalDetails;
    expect(body.user).toMatchObject({ ...shown, currentStep: 'personal_details', nextStep: after });
    expect(body.user).not.toHaveProperty('otherOptionsDeclaration');
    expect(body.user).not.toHaveProperty('fnoRiskAcknowledged');
    expect(continueRoute(flow, body.user.nextStep)).toBe(flow.steps.find((step) => step.id === after)?.routes[0]);
    const me = (await get(t.app, '/api/user', auth(who.token))).json<UserResponse>().user;
    expect(me).toMatchObject({ ...shown, nextStep: after });
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

  it('before it (the step before still to do): please complete previous steps', async () => {
    const who = await applicantAt(t, before);
    expectError(await send(t, who, url, validPersonalDetails), 400, 'please complete previous steps');
  });

  it('an applicant who is already past it may save again; the pointers do not move', async () => {
    const who = await applicantAt(t, afterThat, {}, after);
    const { body } = await send<StepSavedResponse>(t, who, url, { ...validPersonalDetails, occupation: 'Student' });
    expect(body.user).toMatchObject({ occupation: 'Student', currentStep: after, nextStep: afterThat });
  });
});

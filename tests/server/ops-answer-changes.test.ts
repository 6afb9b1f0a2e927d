import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsApplication, OpsApplicationResponse } from '../../core/api/types';
import { minutes, type TestApp } from './helpers';
import { decide, opsCall, startOpsApp } from './ops-fixtures';
import { fullApplicant } from './ops-review-fixture';
import { send } from './step-fixtures';

/**
 * Issue 32: after the applicant fixes a rejected step, the reviewer reads what changed since the last review, field
 * by field: the label the applicant saw, the answer as it was and as it is, in words (never a field id or wire value).
 */

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(() => t.close());

async function application(id: string): Promise<OpsApplication> {
  const { status, body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${id}`);
  expect(status).toBe(200);
  return body.application;
}

/** The fixture's personal details as /modification sends them (options lowercase): nothing changed yet. */
const unchangedFix = {
  gender: 'male',
  maritalStatus: 'married',
  occupation: 'Private Sector',
  incomeSegment: '1-5 Lac',
  tradingExperience: 'Below 1 year',
  fatherName: 'Ramesh Kumar',
  motherName: 'Sita Devi',
};

const changesOf = (app: OpsApplication) => app.answers.filter((entry) => entry.changes).map(({ step, changes }) => ({ step, changes }));

describe('what changed since the last review, field by field', () => {
  it('a reject, then a fix with one changed answer: that answer alone, its label, the old and the new text', async () => {
    const who = await fullApplicant(t);
    t.clock.advance(minutes(10));
    expect((await decide(t, who.id, { action: 'reject', rejectedSteps: { personal_details: "Father's name does not match the PAN" } })).status).toBe(200);
    expect(changesOf(await application(who.id))).toEqual([]);

    t.clock.advance(minutes(30));
    expect((await send(t, who, '/api/user/modification/details', { ...unchangedFix, fatherName: 'Ramesh Kumar Rao' })).status).toBe(200);
    expect(changesOf(await application(who.id))).toEqual([
      { step: 'personal_details', changes: [{ field: 'fatherName', label: "Father's / Parent's Name", before: 'Ramesh Kumar', after: 'Ramesh Kumar Rao' }] },
    ]);
  });

  it('an option changed reads as the option texts the applicant saw; a second review starts afresh', async () => {
    const who = await fullApplicant(t);
    t.clock.advance(minutes(10));
    expect((await decide(t, who.id, { action: 'reject', rejectedSteps: { personal_details: 'Occupation' } })).status).toBe(200);
    t.clock.advance(minutes(30));
    expect((await send(t, who, '/api/user/modification/details', { ...unchangedFix, maritalStatus: 'unmarried', tradingExperience: 'More than 5 years' })).status).toBe(200);
    const fixed = await application(who.id);
    expect(changesOf(fixed)).toEqual([
      {
        step: 'personal_details',
        changes: [
          { field: 'maritalStatus', label: 'Marital Status', before: 'Married', after: 'Unmarried' },
          { field: 'tradingExperience', label: 'Trading Experience', before: 'Below 1 year', after: 'More than 5 years' },
        ],
      },
    ]);
    expect(JSON.stringify(changesOf(fixed))).not.toMatch(/"(unmarried|married)"/);

    t.clock.advance(minutes(10));
    expect((await decide(t, who.id, { action: 'reject', rejectedSteps: { personal_details: 'Again' } })).status).toBe(200);
    expect(changesOf(await application(who.id))).toEqual([]);
  });
});

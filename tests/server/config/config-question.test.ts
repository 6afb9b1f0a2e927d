import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse } from '../../../core/api/types';
import { addQuestion, copyConfig } from '../../fixtures/config-edits';
import { type TestApp, startTestApp } from '../helpers';
import { applicantAt, expectFields, send, today, tomorrow } from '../step-fixtures';
import { stepAnswersOf } from '../stored-records';

/**
 * The promise of flow-config/README.md for a question: two questions added to the tax residency step by config alone
 * (tests/fixtures/config-edits.ts, from the README's blocks), one that must not be blank (x-notBlank) and one a date
 * within a range (x-dateWithin). The server applies both rules with the schema's own messages, and stores the answers.
 */

const url = '/api/user/step/tax_residency';
const complete = { taxResidentOutsideIndia: false, placeOfBirth: 'Mumbai', countryOfBirth: 'India' };
const nameMessage = "Enter your father's or spouse's name";
const dateMessage = 'Enter the date you came to live in India (DD/MM/YYYY), no later than today';

let t: TestApp;
let root: string;
beforeAll(async () => {
  const copy = copyConfig();
  root = copy.root;
  addQuestion(copy);
  t = await startTestApp({ configDir: copy.configDir, stepSchemasDir: copy.stepSchemasDir });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

describe('questions added to a step by config alone', () => {
  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['a name of spaces alone', { fatherOrSpouseName: '   ' }, { fatherOrSpouseName: [nameMessage] }],
    ['a name of one letter', { fatherOrSpouseName: 'R' }, { fatherOrSpouseName: [nameMessage] }],
    ['a date after today (by the server\'s clock)', { residentSince: tomorrow }, { residentSince: [dateMessage] }],
    ['a date before 01/01/1900', { residentSince: '31/12/1899' }, { residentSince: [dateMessage] }],
    ['a day that does not exist', { residentSince: '31/04/2001' }, { residentSince: [dateMessage] }],
  ])('%s: 400 with the schema\'s message', async (_name, answers, fields) => {
    const who = await applicantAt(t, 'tax_residency');
    await expectFields(t, who, url, { ...complete, ...answers }, fields);
  });

  it('takes the answers, stores them with the step and shows them on the applicant', async () => {
    const who = await applicantAt(t, 'tax_residency');
    const answers = { ...complete, fatherOrSpouseName: 'Rajan Sharma', residentSince: today };
    const saved = await send<StepSavedResponse>(t, who, url, answers);
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ fatherOrSpouseName: 'Rajan Sharma', residentSince: today });
    expect((await stepAnswersOf(t, who)).tax_residency).toEqual(answers);
  });
});

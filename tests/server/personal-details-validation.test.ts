import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from './helpers';
import {
  type Applicant,
  applicantAt,
  expectFields,
  send,
  setUserRow,
  validModification,
  validPersonalDetails,
} from './step-fixtures';
import { personalDetailsLabels } from '../fixtures/payloads';

/**
 * Spec sections 3 and 5 (personal details, modification) through HTTP: the same schema files as
 * the browser, so the same messages. Each case gives the expected `errors` by field.
 */

type Data = Record<string, unknown>;

let t: TestApp;
let personal: Applicant;
let modification: Applicant;
beforeAll(async () => {
  t = await startTestApp();
  personal = await applicantAt(t, 'personal_details');
  modification = await applicantAt(t, 'modification', { personal_details: {} });
});
afterAll(() => t.close());

function without(data: Data, ...keys: string[]): Data {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !keys.includes(key)));
}

describe('personal details: POST /api/user/personal-details', () => {
  const url = '/api/user/personal-details';
  const labels: Record<string, string> = personalDetailsLabels;

  it.each(Object.keys(labels))('%s missing: "{field} is required"', async (field) => {
    await expectFields(t, personal, url, without(validPersonalDetails, field), { [field]: [`${labels[field]} is required`] });
  });

  it('everything missing: every message at once, segments too', async () => {
    const fields = Object.fromEntries(Object.entries(labels).map(([field, label]) => [field, [`${label} is required`]]));
    const declaration = "Tick 'I agree to the other options below' to continue";
    await expectFields(t, personal, url, {}, { ...fields, segments: ['Choose at least one segment'], otherOptionsDeclaration: [declaration] });
  });

  it.each<[string, unknown, string]>([
    ['gender', 'male', 'Gender is required'],
    ['gender', 1, 'Gender is required'],
    ['maritalStatus', 'Single', 'Marital Status is required'],
    ['occupation', 'Astronaut', 'Occupation is required'],
    ['incomeSegment', 'Below 1 Lac', 'Income Segment is required'],
    ['tradingExperience', '10 years', 'Trading Experience is required'],
    ['fatherName', '', 'Father Name is required'],
    ['fatherName', '    ', 'Father Name is required'],
    ['fatherName', 'x'.repeat(31), 'Father Name must be at most 30 characters'],
    ['motherName', 'x'.repeat(31), 'Mother Name must be at most 30 characters'],
    ['motherName', ['Sita'], 'Mother Name is required'],
    ['segments', 'EQ', 'Choose at least one segment'],
    ['segments', [], 'Equity (EQ) segment is required'],
    ['segments', ['FNO'], 'Equity (EQ) segment is required'],
    ['segments', ['EQ', 'EQ'], 'Each segment can be chosen once'],
    ['otherOptionsDeclaration', 'yes', "Tick 'I agree to the other options below' to continue"],
    ['otherOptionsDeclaration', false, "Tick 'I agree to the other options below' to continue"],
    ['fnoRiskAcknowledged', false, 'Read the risk disclosure on derivatives and tick to acknowledge it, or remove Equity Derivatives'],
  ])('%s = %j: %s', async (field, value, message) => {
    await expectFields(t, personal, url, { ...validPersonalDetails, [field]: value }, { [field]: [message] });
  });

  it('an unknown segment is named by position', async () => {
    await expectFields(t, personal, url, { ...validPersonalDetails, segments: ['EQ', 'NSE_CM'] }, { 'segments.1': ['Unknown segment'] });
  });

  it('F&O without the risk acknowledgement: refused with the disclosure\'s message; Equity alone needs none', async () => {
    const { fnoRiskAcknowledged: _acknowledged, ...unacknowledged } = validPersonalDetails;
    const message = 'Read the risk disclosure on derivatives and tick to acknowledge it, or remove Equity Derivatives';
    await expectFields(t, personal, url, unacknowledged, { fnoRiskAcknowledged: [message] });
    expect((await send(t, personal, url, { ...unacknowledged, segments: ['EQ', 'CD'] })).status).toBe(200);
  });

  it('F&O with income Below Rs 1 Lac: the schema rule, on segments', async () => {
    const fields = { segments: ['F&O trading needs an annual income above Rs 1 Lac'] };
    await expectFields(t, personal, url, { ...validPersonalDetails, incomeSegment: 'Below Rs 1 Lac' }, fields);
  });

  it('an unknown property is refused by name', async () => {
    await expectFields(t, personal, url, { ...validPersonalDetails, pan: 'ABCPE1234F' }, { '': ["body has an unknown property 'pan'"] });
  });
});

describe('modification details: POST /api/user/modification/details (every field required)', () => {
  const url = '/api/user/modification/details';

  it('everything missing: "{field} is required" for all seven', async () => {
    await expectFields(t, modification, url, {}, {
      gender: ['Gender is required'],
      maritalStatus: ['Marital Status is required'],
      occupation: ['Occupation is required'],
      incomeSegment: ['Income Segment is required'],
      tradingExperience: ['Trading Experience is required'],
      fatherName: ['Father Name is required'],
      motherName: ['Mother Name is required'],
    });
  });

  it.each<[string, unknown, string]>([
    ['gender', 'Female', 'Gender is required'],
    ['maritalStatus', 'Unmarried', 'Marital Status is required'],
    ['occupation', '', 'Occupation is required'],
    ['fatherName', ' ', 'Father Name is required'],
    ['motherName', 'x'.repeat(31), 'Mother Name must be at most 30 characters'],
    ['segments', ['CD'], 'Equity (EQ) segment is required'],
  ])('%s = %j: %s (gender and marital status must be lowercase)', async (field, value, message) => {
    await expectFields(t, modification, url, { ...validModification, [field]: value }, { [field]: [message] });
  });

  it('the declaration belongs to the first-time form only', async () => {
    const body = { ...validModification, otherOptionsDeclaration: true };
    await expectFields(t, modification, url, body, { '': ["body has an unknown property 'otherOptionsDeclaration'"] });
  });

  it('segments are optional and a valid body is saved', async () => {
    await setUserRow(t, modification.phone, { rejected_steps: JSON.stringify({ personal_details: {} }) });
    expect((await send(t, modification, url, validModification)).status).toBe(200);
  });
});

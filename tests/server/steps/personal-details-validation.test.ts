import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from '../helpers';
import {
  type Applicant,
  applicantAt,
  expectFields,
  send,
  setUserRow,
  validModification,
  validPersonalDetails,
} from '../step-fixtures';
import { personalDetailsLabels } from '../../fixtures/payloads';
import { schemaMessage, schemaTextAt } from '../../fixtures/schema-texts';

/**
 * Spec sections 3 and 5 (personal details, modification) through HTTP: the same schema files as
 * the browser, so the same messages. Each case gives the expected `errors` by field.
 */

type Data = Record<string, unknown>;
// Messages as personal-details.schema.json words them (the spec's wording: tests/config/spec-contract.test.ts);
// modification answers with the same ones, by $ref.
const say = (field: string, rule?: string) => schemaMessage('personal-details', field, rule);
const missing = (field: string) => say(field, 'required');
const fields = Object.keys(personalDetailsLabels);

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

  it.each(fields)('%s missing: its required message', async (field) => {
    await expectFields(t, personal, url, without(validPersonalDetails, field), { [field]: [missing(field)] });
  });

  it('everything missing: every message at once, segments too', async () => {
    const expected = Object.fromEntries([...fields, 'segments', 'otherOptionsDeclaration'].map((field) => [field, [missing(field)]]));
    await expectFields(t, personal, url, {}, expected);
  });

  it.each<[string, unknown, string]>([
    ['gender', 'male', say('gender')],
    ['gender', 1, say('gender')],
    ['maritalStatus', 'Single', say('maritalStatus')],
    ['occupation', 'Astronaut', say('occupation')],
    ['incomeSegment', 'Below 1 Lac', say('incomeSegment')],
    ['tradingExperience', '10 years', say('tradingExperience')],
    ['fatherName', '', say('fatherName', 'minLength')],
    ['fatherName', '    ', say('fatherName', 'minLength')],
    ['fatherName', 'x'.repeat(31), say('fatherName', 'maxLength')],
    ['motherName', 'x'.repeat(31), say('motherName', 'maxLength')],
    ['motherName', ['Sita'], say('motherName', 'type')],
    ['segments', 'EQ', say('segments', 'type')],
    ['segments', [], say('segments')],
    ['segments', ['FNO'], say('segments')],
    ['segments', ['EQ', 'EQ'], say('segments', 'uniqueItems')],
    ['otherOptionsDeclaration', 'yes', say('otherOptionsDeclaration')],
    ['otherOptionsDeclaration', false, say('otherOptionsDeclaration')],
    ['fnoRiskAcknowledged', false, say('fnoRiskAcknowledged')],
  ])('%s = %j: %s', async (field, value, message) => {
    await expectFields(t, personal, url, { ...validPersonalDetails, [field]: value }, { [field]: [message] });
  });

  it('an unknown segment is named by position', async () => {
    const message = schemaTextAt('personal-details', 'properties.segments.items.errorMessage');
    await expectFields(t, personal, url, { ...validPersonalDetails, segments: ['EQ', 'NSE_CM'] }, { 'segments.1': [message] });
  });

  it('F&O without the risk acknowledgement: refused with the disclosure\'s message; Equity alone needs none', async () => {
    const { fnoRiskAcknowledged: _acknowledged, ...unacknowledged } = validPersonalDetails;
    const message = 'Read the risk disclosure on derivatives and tick to acknowledge it, or remove Equity Derivatives';
    await expectFields(t, personal, url, unacknowledged, { fnoRiskAcknowledged: [message] });
    expect((await send(t, personal, url, { ...unacknowledged, segments: ['EQ', 'CD'] })).status).toBe(200);
  });

  it('F&O with income Below Rs 1 Lac: the schema rule, on segments', async () => {
    const expected = { segments: [schemaTextAt('personal-details', 'allOf.0.then.properties.segments.errorMessage')] };
    await expectFields(t, personal, url, { ...validPersonalDetails, incomeSegment: 'Below Rs 1 Lac' }, expected);
  });

  it('an unknown property is refused by name', async () => {
    await expectFields(t, personal, url, { ...validPersonalDetails, pan: 'ABCPE1234F' }, { '': ["body has an unknown property 'pan'"] });
  });
});

describe('modification details: POST /api/user/modification/details (every field required)', () => {
  const url = '/api/user/modification/details';

  it("everything missing: personal details' required message for all seven", async () => {
    await expectFields(t, modification, url, {}, Object.fromEntries(fields.map((field) => [field, [missing(field)]])));
  });

  it.each<[string, unknown, string]>([
    ['gender', 'Female', say('gender')],
    ['maritalStatus', 'Unmarried', say('maritalStatus')],
    ['occupation', '', say('occupation')],
    ['fatherName', ' ', say('fatherName', 'minLength')],
    ['motherName', 'x'.repeat(31), say('motherName', 'maxLength')],
    ['segments', ['CD'], say('segments')],
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

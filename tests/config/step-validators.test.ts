import type { RJSFValidationError } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { placeErrors } from '../../src/renderer/form/errors';
import { type StepValidator, getStepValidator, loadStepValidator, stepSchemaIds } from '../../src/renderer/form/validators';
import { compileStepValidators, fieldMessages, loadStepSchemas, schemaSettings } from '../../server/validation/step-schemas';
import { compileSchemaIndex, compileStandaloneModule } from '../../scripts/step-standalone';
import { personalDetailsLabels, validPersonalDetails } from '../fixtures/payloads';
import { schemaMessage, schemaTextAt } from '../fixtures/schema-texts';
import { knownSchemas, stepSchemaIdsOnDisk } from '../fixtures/schema-ids';
import {
  acceptedChanges, allGuardianMessages, fieldCases, guardianCases, messagesOf, minorChange, minorWithoutGuardian, nomineeData,
  nomineesAddingUp, emptyListMessages, shareCases, tooManyMessage, totalMessage,
} from '../fixtures/nominee-cases';
import { withMaxNominees } from '../renderer/support/nominees';

type Data = Record<string, unknown>;
type Messages = Record<string, string[]>;
type ServerValidators = ReturnType<typeof compileStepValidators>;
type ClientSource = (schemaId: string) => StepValidator | undefined;
interface Validators {
  server: ServerValidators;
  client: ClientSource;
}

// The server's path: ajv compiles the schema files at start-up.
const server = compileStepValidators();
// Each schema's validators are a chunk of their own in the browser: load them all, as their pages would.
await Promise.all(stepSchemaIds().map(loadStepValidator));

function serverMessages(schemaId: string, data: Data, validators: ServerValidators = server): Messages {
  const validate = validators[schemaId];
  if (!validate) throw new Error(`no server validator ${schemaId}`);
  validate(data);
  return fieldMessages(validate.errors);
}

// The browser's path: the precompiled module, through rjsf's precompiled validator and our error placement.
function clientMessages(schemaId: string, data: Data, source: ClientSource = getStepValidator): Messages {
  const { schema, validator } = source(schemaId)!;
  const { errors } = validator.validateFormData(data, schema);
  const out: Messages = {};
  for (const error of placeErrors(errors as RJSFValidationError[])) {
    const path = (error.property ?? '').replace(/^\./, '');
    (out[path] ??= []).push(error.message ?? '');
  }
  return out;
}

function expectBoth(schemaId: string, data: Data, expected: Messages, validators: Validators = { server, client: getStepValidator }): void {
  expect(serverMessages(schemaId, data, validators.server)).toEqual(expected);
  expect(clientMessages(schemaId, data, validators.client)).toEqual(expected);
}

describe('step-data schema files', () => {
  it('are found by id, and the build serves the same ones', () => {
    expect(loadStepSchemas().map((s) => s.id).sort()).toEqual(stepSchemaIdsOnDisk());
    expect(stepSchemaIds()).toEqual(stepSchemaIdsOnDisk());
    expect(stepSchemaIds()).toEqual(expect.arrayContaining(['modification-details', 'pan', 'personal-details']));
  });

  it('an unknown schema id fails naming it', () => {
    expect(() => getStepValidator('bank_detail')).toThrow(`No step schema 'bank_detail' in schemas/step-data (known: ${knownSchemas()})`);
  });
});

describe('PAN (spec section 5), same messages on server and client', () => {
  const dob = '15/08/1990';
  it.each([
    ['a valid PAN', 'ABCDE1234F', {}],
    ['9 characters, last letter missing', 'ABCDE1234', { pan: ['Enter valid PAN Number'] }],
    ['10 characters in the wrong pattern', 'ABCD12345F', { pan: ['Enter valid PAN Number'] }],
    ['digits where letters belong', '12345ABCDE', { pan: ['Enter valid PAN Number'] }],
    ['lowercase', 'abcde1234f', { pan: ['Enter valid PAN Number'] }],
    ['more than 10 characters', 'ABCDE1234FG', { pan: ['Enter valid PAN Number'] }],
    ['a character that is not a letter or digit', 'ABCDE-234F', { pan: ['Enter valid PAN Number'] }],
    ['empty', '', { pan: ['Enter valid PAN Number'] }],
  ])('%s: %j', (_name, pan, expected) => {
    expectBoth('pan', { pan, dateOfBirth: dob }, expected);
  });

  it.each([
    ['DD/MM/YYYY', '01/01/2000', {}],
    ['ISO order', '1990-08-15', { dateOfBirth: ['Enter valid Date of Birth'] }],
    ['day 32', '32/01/1990', { dateOfBirth: ['Enter valid Date of Birth'] }],
    ['month 13', '01/13/1990', { dateOfBirth: ['Enter valid Date of Birth'] }],
    ['single digits', '1/1/1990', { dateOfBirth: ['Enter valid Date of Birth'] }],
  ])('date of birth %s: %j', (_name, dateOfBirth, expected) => {
    expectBoth('pan', { pan: 'ABCDE1234F', dateOfBirth }, expected);
  });

  it('both fields are required, each with its own message', () => {
    expectBoth('pan', {}, { pan: ['Enter valid PAN Number'], dateOfBirth: ['Date of Birth is required'] });
  });

  it('rejects fields it does not know', () => {
    expect(serverMessages('pan', { pan: 'ABCDE1234F', dateOfBirth: dob, name: 'x' })).toEqual({ '': ['must NOT have additional properties'] });
  });
});

const fields = Object.keys(personalDetailsLabels);
// Messages as personal-details.schema.json words them (the spec's wording: tests/config/spec-contract.test.ts).
// Modification answers with the very same messages: its schema refers to personal details' by $ref.
const say = (field: string, rule?: string) => schemaMessage('personal-details', field, rule);
const missing = (field: string) => say(field, 'required');

const personal = validPersonalDetails;
const modification = { ...personal, gender: 'male', maritalStatus: 'married', segments: undefined, otherOptionsDeclaration: undefined, fnoRiskAcknowledged: undefined };

function without(data: Data, key: string): Data {
  return Object.fromEntries(Object.entries(data).filter(([k, v]) => k !== key && v !== undefined));
}

describe('personal details (spec sections 3 and 5)', () => {
  it('accepts a complete payload', () => expectBoth('personal-details', personal, {}));

  it.each(fields)('%s missing: its required message', (field) => {
    expectBoth('personal-details', without(personal, field), { [field]: [missing(field)] });
  });

  it.each([
    ['gender', 'male', undefined],
    ['maritalStatus', 'Single', undefined],
    ['occupation', 'Astronaut', undefined],
    ['incomeSegment', 'Below 1 Lac', undefined],
    ['tradingExperience', '10 years', undefined],
    ['fatherName', '', 'minLength'],
    ['motherName', 'x'.repeat(31), 'maxLength'],
  ])('%s = %j: its %s message', (field, value, rule) => {
    expectBoth('personal-details', { ...personal, [field]: value }, { [field]: [say(field, rule)] });
  });

  it('names may be 30 characters', () => {
    expectBoth('personal-details', { ...personal, fatherName: 'x'.repeat(30) }, {});
  });

  it.each([
    [['EQ'], {}],
    [['EQ', 'FNO', 'CD', 'COM'], {}],
    [['FNO'], { segments: [say('segments')] }],
    [[], { segments: [say('segments')] }],
    [['EQ', 'EQ'], { segments: [say('segments', 'uniqueItems')] }],
    [['EQ', 'NSE_CM'], { 'segments.1': [schemaTextAt('personal-details', 'properties.segments.items.errorMessage')] }],
  ])('segments %j', (segments, expected) => {
    expectBoth('personal-details', { ...personal, segments }, expected);
  });

  it('segments are required', () => {
    expectBoth('personal-details', without(personal, 'segments'), { segments: [missing('segments')] });
  });

  it.each([
    ['Below Rs 1 Lac', ['EQ', 'FNO'], { segments: [schemaTextAt('personal-details', 'allOf.0.then.properties.segments.errorMessage')] }],
    ['Below Rs 1 Lac', ['EQ', 'CD'], {}],
    ['1-5 Lac', ['EQ', 'FNO'], {}],
  ])('income %s with segments %j', (incomeSegment, segments, expected) => {
    expectBoth('personal-details', { ...personal, incomeSegment, segments }, expected);
  });
});

describe('modification personal details (spec section 5)', () => {
  it('accepts lowercase gender and marital status, without segments', () => {
    expectBoth('modification-details', without(modification, 'segments'), {});
  });

  it("reports every missing field at once, each with personal details' required message", () => {
    const expected = Object.fromEntries(fields.map((f) => [f, [missing(f)]]));
    expectBoth('modification-details', {}, expected);
  });

  it.each(fields)("%s missing: personal details' required message", (field) => {
    expectBoth('modification-details', without(modification, field), { [field]: [missing(field)] });
  });

  it.each([
    ['gender', 'Male'],
    ['maritalStatus', 'Married'],
  ])("%s must be lowercase (%j): personal details' message", (field, value) => {
    expectBoth('modification-details', { ...without(modification, 'segments'), [field]: value }, { [field]: [say(field)] });
  });
});

describe('the standalone modules the browser gets', () => {
  const schemas = loadStepSchemas();
  const modules = schemas.map((schema) => ({ id: schema.id, code: compileStandaloneModule(schema) }));

  it('the index holds every schema and, per language, a lazy import of its own module; validators are keyed by the schema id', async () => {
    const index = compileSchemaIndex(schemas, ['en', 'hi']);
    for (const id of stepSchemaIds()) {
      expect(index).toContain(`import("virtual:step-validators/en/${id}")`);
      expect(index).toContain(`import("virtual:step-validators/hi/${id}")`);
      const entry = await loadStepValidator(id);
      expect(entry.schema.$id).toBe(id);
      expect(entry.validator.isValid(entry.schema, {}, entry.schema)).toBeTypeOf('boolean');
    }
    // The index itself carries no validator code: that is what keeps it small on every form route.
    expect(index).not.toMatch(/function validate/);
  });

  it('each module holds only its own schema: the PAN module knows nothing of nominees', () => {
    const pan = modules.find((module) => module.id === 'pan')!.code;
    const nominee = modules.find((module) => module.id === 'nominee')!.code;
    expect(pan).toContain('"pan"');
    expect(pan).not.toContain('guardian');
    expect(nominee).toContain('guardian');
  });

  it.each(modules.map((module) => [module.id, module.code]))('%s: no eval, no compiler, only ajv runtime helpers and our pure rules', (_id, code) => {
    expect(code).not.toMatch(/new Function|\beval\(/);
    expect(code).not.toMatch(/require\(/);
    expect(code).not.toMatch(/ajv\/dist\/compile|ajv\/dist\/core|ajv\/dist\/ajv|from "ajv"|ajv-errors/);
    const imports = [...code.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    // Keywords like x-ageBelow and x-notBlank call the pure rules of core/engine, which the browser bundle imports too.
    for (const spec of imports) expect(spec).toMatch(/^ajv\/dist\/runtime\/[a-z0-9]+\.js$|\/core\/engine\/(calendar-date|text-rules)\.ts$/);
  });

  it('the date rules are imported where a schema uses them', () => {
    expect(modules.some(({ code }) => code.includes('/core/engine/calendar-date.ts'))).toBe(true);
  });
});

describe('bank details (spec sections 3 and 5), same messages on server and client', () => {
  const valid = {
    beneficiaryAccount: '50100123456789',
    beneficiaryIFSC: 'HDFC0000001',
    beneficiaryName: 'SNEHA SHARMA',
    beneficiaryAccountType: 'savings',
    vpa: 'sneha@okhdfc',
    pan: 'ABCPS1234F',
    dateOfBirth: '15/08/1990',
  };
  it.each<[string, Data, Messages]>([
    ['valid', {}, {}],
    ['8 digits', { beneficiaryAccount: '12345678' }, { beneficiaryAccount: ['Account number must be at least 9 digits'] }],
    ['20 digits', { beneficiaryAccount: '12345678901234567890' }, { beneficiaryAccount: ['Account number must be less than 20 digits'] }],
    ['not digits', { beneficiaryAccount: '1234567890AB' }, { beneficiaryAccount: ['Account number must contain digits only'] }],
    ['no UPI ID', { vpa: '' }, {}],
    ['a UPI ID without @', { vpa: 'sneha' }, { vpa: ['Invalid UPI ID'] }],
    ['a UPI ID with digits after @', { vpa: 'sneha@ok1' }, { vpa: ['Invalid UPI ID'] }],
  ])('%s', (_name, patch, expected) => {
    expectBoth('bank-details', { ...valid, ...patch }, expected);
  });
});

/** settings.maxNominees at SEBI's 10: the server compiles the schemas with it, the browser's validators are built the same way. */
function nomineeValidatorsWithMax(max: number): Validators {
  const { validators } = withMaxNominees(max);
  const files = loadStepSchemas(undefined, { ...schemaSettings(), maxNominees: max });
  return { server: compileStepValidators(files), client: (schemaId) => validators.get(schemaId) };
}

describe.each<[string, number, Validators]>([
  ['maxItems 10 (SEBI, as shipped)', 10, { server, client: getStepValidator }],
  ['maxItems 3 (the spec, in a copy of flow.json)', 3, nomineeValidatorsWithMax(3)],
])('nominees (spec section 5) at %s, same messages on server and client', (_name, max, validators) => {
  const both = (nominees: Data[], expected: Messages) => expectBoth('nominee', { nominees }, expected, validators);

  it.each(fieldCases)('%s: %j → %s %j', (...rule) => both([nomineeData(rule[1])], messagesOf(rule)));

  it.each(acceptedChanges)('accepts %s', (_label, change) => both([nomineeData(change)], {}));

  it.each(minorWithoutGuardian)('a nominee %s needs every guardian field', (_label, change) => both([nomineeData(change)], allGuardianMessages));

  it.each(guardianCases)('minor, %s: %j → %s %j', (...rule) => both([nomineeData(minorChange(rule[1]))], messagesOf(rule)));

  it.each(shareCases)('shares %j add up to 100: %s', (shares, ok) => {
    both(shares.slice(0, max).map((sharePercentage) => nomineeData({ sharePercentage })), ok ? {} : { nominees: [totalMessage] });
  });

  it(`takes up to ${max} nominees, not ${max + 1}`, () => {
    const nominees = (count: number) => nomineesAddingUp(count, (change, i) => nomineeData({ ...change, documentProof: `documentProof_${i}` }));
    both(nominees(max), {});
    both(nominees(max + 1), { nominees: [tooManyMessage] });
  });

  it('lets one nominee at most operate the account (SEBI, 2025)', () => {
    const two = nomineesAddingUp(2, (change, i) => nomineeData({ ...change, documentProof: `documentProof_${i}`, mayOperateAccount: true }));
    both(two, { nominees: ['Only one nominee may operate your account'] });
    both([two[0]!, { ...two[1]!, mayOperateAccount: false }], {});
  });

  it('asks for at least one nominee', () => both([], emptyListMessages));
});

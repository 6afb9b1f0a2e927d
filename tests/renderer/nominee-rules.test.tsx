import type { RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { placeErrors } from '../../src/renderer/form/errors';
import { precompiledValidators, type StepValidatorSource } from '../../src/renderer/form/validators';
import { adultNominee, bornYearsAgo, guardianOf, minorNominee, nomineeSchemaWithMax } from './support/nominees';

/**
 * Spec section 5, nominee rules, as the browser's own validators report them (precompiled from
 * schemas/step-data/nominee.schema.json), placed on fields the way the form shows them. The limits run at the
 * spec's 3 nominees and at SEBI's 10 (the schema's maxItems).
 */
function errorsOf(source: StepValidatorSource, nominees: Record<string, unknown>[]): Record<string, string[]> {
  const { schema, validator } = source.get('nominee')!;
  const { errors } = validator.validateFormData({ nominees }, schema as RJSFSchema);
  const byField: Record<string, string[]> = {};
  for (const error of placeErrors(errors)) {
    const key = (error.property ?? '').replace(/^\./, '');
    (byField[key] ??= []).push(error.message ?? '');
  }
  return byField;
}

// The browser's chunk for the nominee step, loaded once as the page would.
await precompiledValidators.load('nominee');

const long = (length: number, char = 'a') => char.repeat(length);
const limits: [string, StepValidatorSource, number][] = [
  ['maxItems 3 (spec)', precompiledValidators, 3],
  ['maxItems 10 (SEBI)', nomineeSchemaWithMax(10).validators, 10],
];

describe.each(limits)('nominee rules at %s', (_name, validators, max) => {
  it('accepts a complete adult nominee with 100%, and a minor with a guardian', () => {
    expect(errorsOf(validators, [adultNominee()])).toEqual({});
    expect(errorsOf(validators, [adultNominee({ sharePercentage: 60 }), minorNominee({ sharePercentage: 40 })])).toEqual({});
  });

  it.each([
    ['title missing', { title: undefined }, 'title', 'Please select title'],
    ['title not in the list', { title: 'Dr' }, 'title', 'Please select title'],
    ['first name empty', { firstName: '' }, 'firstName', 'Name cannot be empty'],
    ['first name blank', { firstName: '   ' }, 'firstName', 'Name cannot be empty'],
    ['first name over 30', { firstName: long(31) }, 'firstName', 'Name cannot be empty'],
    ['last name missing', { lastName: undefined }, 'lastName', 'Name cannot be empty'],
    ['relationship not in the list', { relation: 'Cousin' }, 'relation', 'Please select relationship'],
    ['relationship missing', { relation: undefined }, 'relation', 'Please select relationship'],
    ['email malformed', { email: 'asha@example' }, 'email', 'Invalid email'],
    ['email over 50', { email: `${long(40)}@example.in` }, 'email', 'Invalid email'],
    ['mobile of 9 digits', { phone: '987654321' }, 'phone', 'Invalid mobile number'],
    ['mobile with letters', { phone: '98765abcde' }, 'phone', 'Invalid mobile number'],
    ['pincode of 5 digits', { pincode: '56000' }, 'pincode', 'Invalid pincode'],
    ['pincode missing', { pincode: undefined }, 'pincode', 'Invalid pincode'],
    ['date of birth missing', { dateOfBirth: undefined }, 'dateOfBirth', 'Nominee Date of birth is required'],
    ['date of birth not DD/MM/YYYY', { dateOfBirth: '1985-08-15' }, 'dateOfBirth', 'Nominee Date of birth is required'],
    ['date of birth before 01/01/1900', { dateOfBirth: '31/12/1899' }, 'dateOfBirth', 'Nominee Date of birth is required'],
    ['date of birth after today', { dateOfBirth: bornYearsAgo(-1) }, 'dateOfBirth', 'Nominee Date of birth is required'],
    ['date of birth that does not exist', { dateOfBirth: '31/02/1990' }, 'dateOfBirth', 'Nominee Date of birth is required'],
    ['address line 1 under 8', { line1: 'MG Road' }, 'line1', 'Address is too short'],
    ['address line 1 over 60', { line1: long(61) }, 'line1', 'Address can be at most 60 characters'],
    ['address line 2 over 60', { line2: long(61) }, 'line2', 'Address can be at most 60 characters'],
    ['document type not in the list', { documentType: 'voter_id' }, 'documentType', 'Please select document type'],
    ['document proof missing', { documentProof: undefined }, 'documentProof', 'Document proof is required'],
    ['share 0', { sharePercentage: 0, }, 'sharePercentage', 'Share must be a whole number from 1 to 100'],
    ['share 101', { sharePercentage: 101 }, 'sharePercentage', 'Share must be a whole number from 1 to 100'],
    ['share 50.5', { sharePercentage: 50.5 }, 'sharePercentage', 'Share must be a whole number from 1 to 100'],
    ['document number empty', { documentNumber: '' }, 'documentNumber', 'Document number cannot be empty'],
    ['document number over 50', { documentType: 'other', documentNumber: long(51) }, 'documentNumber', 'Document number can be at most 50 characters'],
    ['aadhar of 11 digits', { documentType: 'aadhar_card', documentNumber: '12341234123' }, 'documentNumber', 'Aadhar number must be 12 digits'],
    ['PAN in the wrong format', { documentType: 'pan_card', documentNumber: 'ABCDE12345' }, 'documentNumber', 'Invalid PAN number format'],
    ['driving licence of 9', { documentType: 'driving_license', documentNumber: 'DL0420110' }, 'documentNumber', 'Invalid Driving License format'],
    ['driving licence with a dash', { documentType: 'driving_license', documentNumber: 'DL-0420110149646' }, 'documentNumber', 'Invalid Driving License format'],
    ['passport of 2 letters', { documentType: 'passport', documentNumber: 'AB123456' }, 'documentNumber', 'Invalid Passport number format'],
    ['other document under 5', { documentType: 'other', documentNumber: 'AB12' }, 'documentNumber', 'Document number must be at least 5 characters'],
  ])('%s: %j → %s %j', (_rule, change, field, message) => {
    const errors = errorsOf(validators, [adultNominee(change)]);
    // Only this field is wrong (a lone nominee's share of 0 also breaks the total: that rule has its own cases).
    expect(Object.keys(errors).filter((key) => key !== 'nominees')).toEqual([`nominees.0.${field}`]);
    expect(errors[`nominees.0.${field}`]).toContain(message);
  });

  it.each([
    ['aadhar_card', '123412341234'],
    ['pan_card', 'ABCDE1234F'],
    ['driving_license', 'DL0420110149646'],
    ['passport', 'A1234567'],
    ['other', 'VOTER12'],
  ])('accepts a well-formed %s number %s', (documentType, documentNumber) => {
    expect(errorsOf(validators, [adultNominee({ documentType, documentNumber })])).toEqual({});
  });

  it('accepts a 4-digit pincode and an empty address line 2', () => {
    expect(errorsOf(validators, [adultNominee({ pincode: '5600', line2: '' })])).toEqual({});
  });

  it('needs no guardian at 18, and every guardian field under 18', () => {
    expect(errorsOf(validators, [adultNominee({ dateOfBirth: bornYearsAgo(18) })])).toEqual({});
    expect(errorsOf(validators, [adultNominee({ dateOfBirth: bornYearsAgo(17) })])).toEqual({
      'nominees.0.guardianName': ['Guardian Name cannot be empty'],
      'nominees.0.guardianAddress': ['Guardian Address must be at least 10 characters'],
      'nominees.0.guardianPhone': ['Guardian Phone number should be 10 digits'],
      'nominees.0.guardianEmail': ['Invalid Guardian Email'],
      'nominees.0.guardianRelation': ['Guardian Relation cannot be empty'],
      'nominees.0.guardianPincode': ['Invalid Pincode'],
    });
  });

  it.each([
    ['guardian name blank', { guardianName: ' ' }, 'guardianName', 'Guardian Name cannot be empty'],
    ['guardian address under 10', { guardianAddress: 'MG Road' }, 'guardianAddress', 'Guardian Address must be at least 10 characters'],
    ['guardian phone of 9 digits', { guardianPhone: '912345678' }, 'guardianPhone', 'Guardian Phone number should be 10 digits'],
    ['guardian email malformed', { guardianEmail: 'ravi.example.in' }, 'guardianEmail', 'Invalid Guardian Email'],
    ['guardian relation not in the list', { guardianRelation: 'Neighbour' }, 'guardianRelation', 'Guardian Relation cannot be empty'],
    ['guardian pincode of 3 digits', { guardianPincode: '400' }, 'guardianPincode', 'Invalid Pincode'],
  ])('minor, %s: %j → %s %j', (_rule, change, field, message) => {
    expect(errorsOf(validators, [minorNominee({ ...guardianOf(), ...change })])).toEqual({ [`nominees.0.${field}`]: [message] });
  });

  it.each([
    [[100], true],
    [[60, 40], true],
    [[60, 30], false],
    [[50, 50, 10], false],
    [[34, 33, 33], true],
  ])('shares %j add up to 100: %s', (shares, ok) => {
    const nominees = shares.slice(0, max).map((sharePercentage) => adultNominee({ sharePercentage }));
    expect(errorsOf(validators, nominees)).toEqual(ok ? {} : { nominees: ['Total percentage of all nominees must be equal to 100'] });
  });

  it(`takes up to ${max} nominees, not ${max + 1}`, () => {
    const shares = (count: number) => Array.from({ length: count }, (_, i) => adultNominee({ sharePercentage: i === 0 ? 100 - (count - 1) : 1 }));
    expect(errorsOf(validators, shares(max))).toEqual({});
    expect(errorsOf(validators, shares(max + 1))).toEqual({ nominees: ['You have added more nominees than allowed'] });
  });

  it('asks for at least one nominee (Skip is the way to add none)', () => {
    expect(errorsOf(validators, []).nominees).toContain('Add at least one nominee, or skip this step');
  });
});

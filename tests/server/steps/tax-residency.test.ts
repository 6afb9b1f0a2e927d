import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StepSavedResponse } from '../../../core/api/types';
import { stepAfter, stepBefore } from '../../../core/engine/flow';
import { loadConfig } from '../../../server/config/load-config';
import { type TestApp, auth, get, startTestApp } from '../helpers';
import { stepAnswersOf } from '../stored-records';
import { applicantAt, expectError, expectFields, send, validPersonalDetails } from '../step-fixtures';

/** The tax residency step (FATCA / CRS self-certification): config only, saved by the generic step route. */

const flow = loadConfig().flow;
const url = '/api/user/step/tax_residency';
const complete = { taxResidentOutsideIndia: false, placeOfBirth: 'Mumbai', countryOfBirth: 'India' };
const abroad = { taxResidentOutsideIndia: true, taxResidencies: [{ country: 'United States', tin: '123-45-6789' }], placeOfBirth: 'Pune', countryOfBirth: 'India' };

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /api/user/step/tax_residency', () => {
  it('comes right after personal details in the default flow', () => {
    expect(stepBefore(flow, 'tax_residency')).toBe('personal_details');
    expect(flow.steps.find((step) => step.id === 'tax_residency')?.routes).toEqual(['/tax-residency']);
  });

  it('takes the issue\'s complete answer, stores it and moves on', async () => {
    const who = await applicantAt(t, 'tax_residency', {}, 'personal_details');
    const saved = await send<StepSavedResponse>(t, who, url, complete);
    expect(saved.status).toBe(200);
    expect(saved.body.user).toMatchObject({ ...complete, taxResidencies: [], currentStep: 'tax_residency', nextStep: stepAfter(flow, 'tax_residency') });
    expect((await stepAnswersOf(t, who)).tax_residency).toEqual(complete);
  });

  it('answers with the user record a fresh read gives (every step\'s answers, read in the save\'s transaction)', async () => {
    const who = await applicantAt(t, 'personal_details');
    const details = await send<StepSavedResponse>(t, who, '/api/user/personal-details', validPersonalDetails);
    expect(details.status).toBe(200);
    const saved = await send<StepSavedResponse>(t, who, url, complete);
    expect(saved.status).toBe(200);
    const read = await get(t.app, '/api/user', auth(who.token));
    expect(read.json<{ user: unknown }>().user).toEqual(saved.body.user);
    expect(saved.body.user).toMatchObject({ gender: validPersonalDetails.gender, fatherName: validPersonalDetails.fatherName, ...complete, nextStep: stepAfter(flow, 'tax_residency') });
  });

  it('a tax resident abroad names each country (from the list) with the tax id there', async () => {
    const who = await applicantAt(t, 'tax_residency');
    const saved = await send<StepSavedResponse>(t, who, url, abroad);
    expect(saved.body.user).toMatchObject(abroad);
  });

  it.each<[string, Record<string, unknown>, Record<string, string[]>]>([
    ['nothing', {}, {
      taxResidentOutsideIndia: ['Tell us whether you are a tax resident of any country other than India'],
      placeOfBirth: ['Enter your place of birth (a city or town)'],
      countryOfBirth: ['Choose your country of birth'],
    }],
    ['Yes without a country', { ...complete, taxResidentOutsideIndia: true }, { taxResidencies: ['Add each country where you are a tax resident'] }],
    ['India as a country of tax residence abroad', { ...abroad, taxResidencies: [{ country: 'India', tin: 'ABCDE1234F' }] }, { 'taxResidencies.0.country': ['Choose a country other than India'] }],
    ['a country the list lacks', { ...abroad, taxResidencies: [{ country: 'Atlantis', tin: '12345' }] }, { 'taxResidencies.0.country': ['Choose a country from the list'] }],
    ['a country without its tax id', { ...abroad, taxResidencies: [{ country: 'Singapore' }] }, { 'taxResidencies.0.tin': ['Enter your tax identification number (TIN) in that country'] }],
    ['four countries', { ...abroad, taxResidencies: ['Singapore', 'Canada', 'Japan', 'Kenya'].map((country) => ({ country, tin: 'X12345' })) }, { taxResidencies: ['You can add up to 3 countries'] }],
    ['No with countries left in', { ...abroad, taxResidentOutsideIndia: false }, { '': ['You answered No: remove these countries, or answer Yes'] }],
    ['a country of birth the list lacks', { ...complete, countryOfBirth: 'Bharat Varsh' }, { countryOfBirth: ['Choose your country of birth'] }],
    ['a place of birth of digits', { ...complete, placeOfBirth: '400001' }, { placeOfBirth: ['Write your place of birth in English letters (A-Z), e.g. Chennai'] }],
    // Issue 32: typed in Devanagari, the applicant is told the letters the record takes, not the generic message.
    ['a place of birth in Devanagari', { ...complete, placeOfBirth: 'चेन्नई' }, { placeOfBirth: ['Write your place of birth in English letters (A-Z), e.g. Chennai'] }],
    ['a place of birth of one letter', { ...complete, placeOfBirth: 'C' }, { placeOfBirth: ['Enter your place of birth (a city or town)'] }],
  ])('%s: 400 with the schema\'s messages', async (_name, body, fields) => {
    const who = await applicantAt(t, 'tax_residency');
    await expectFields(t, who, url, body, fields);
  });

  it('is refused before personal details are done, and after the journey', async () => {
    expectError(await send(t, await applicantAt(t, 'personal_details'), url, complete), 400, 'please complete previous steps');
    expectError(await send(t, await applicantAt(t, 'verification_pending'), url, complete), 400, 'please complete previous steps');
  });
});

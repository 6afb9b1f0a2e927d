import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsignPreview } from '../../../core/api/types';
import { auth, type TestApp, startTestApp } from '../helpers';
import { type FullApplicant, fullApplicant } from '../ops-review-fixture';
import { applicantAt, send, setUserRow, validPersonalDetails } from '../step-fixtures';

/**
 * GET /api/user/esign-preview (issue 32): 'Preview what you sign' lists every section of the account opening form,
 * under the labels and option texts the applicant saw, in their language; the account number never in full.
 */

let t: TestApp;
let who: FullApplicant;
beforeAll(async () => {
  t = await startTestApp();
  who = await fullApplicant(t);
  // The tax residency step, saved through its own route (the fixture steps over it).
  await setUserRow(t, who.phone, { current_step: 'personal_details', next_step: 'tax_residency' });
  const saved = await send(t, who, '/api/user/step/tax_residency', { taxResidentOutsideIndia: true, taxResidencies: [{ country: 'United States', tin: '123-45-6789' }], placeOfBirth: 'Pune', countryOfBirth: 'India' });
  expect(saved.status).toBe(200);
});
afterAll(() => t.close());

async function preview(language: string, token: string | null = who.token): Promise<{ status: number; body: EsignPreview }> {
  const headers = { ...(token ? auth(token).headers : {}), 'accept-language': language };
  const response = await t.app.inject({ method: 'GET', url: '/api/user/esign-preview', headers });
  return { status: response.statusCode, body: JSON.parse(response.body) as EsignPreview };
}

const section = (body: EsignPreview, title: string) => {
  const found = body.sections.find((item) => item.title === title);
  if (!found) throw new Error(`no section '${title}' in ${body.sections.map((item) => item.title).join(', ')}`);
  return found.rows;
};
const pairs = (rows: { label: string; value: string }[]) => rows.map(({ label, value }) => [label, value]);

describe('GET /api/user/esign-preview', () => {
  it('lists the form\'s sections in order, each answer under the label the applicant saw', async () => {
    const { status, body } = await preview('en');
    expect(status).toBe(200);
    expect(body.sections.map((item) => item.title)).toEqual(['Identity', 'Address', 'Personal details', 'Tax residency', 'Bank account', 'Segments', 'Nominees', 'Declarations']);
    expect(pairs(section(body, 'Identity'))).toEqual([
      ['Name (as on PAN)', who.name],
      ['PAN Number', who.pan],
      ['Date of Birth', '15/08/1990'],
      ['Mobile number', who.phone],
      ['Email', expect.stringContaining('@')],
    ]);
    expect(pairs(section(body, 'Address'))[0]).toEqual(['Address › Line 1', expect.any(String)]);
    expect(section(body, 'Tax residency')).toEqual([
      { label: 'Are you a tax resident of any country other than India?', value: 'Yes' },
      { label: 'Country of tax residence', value: 'United States', group: 'Countries of tax residence 1' },
      { label: 'Tax identification number (TIN)', value: '123-45-6789', group: 'Countries of tax residence 1' },
      { label: 'Place of birth', value: 'Pune' },
      { label: 'Country of birth', value: 'India' },
    ]);
  });

  it('shows the bank account with its number masked, never in full', async () => {
    const { body } = await preview('en');
    expect(pairs(section(body, 'Bank account'))).toEqual([
      ['Account Holder Name', who.name],
      ['Account Number', 'XXXXXXXXXX6789'],
      ['IFSC Code', 'HDFC0000001'],
      ['Account Type', 'Savings'],
    ]);
    expect(JSON.stringify(body)).not.toContain('50100123456789');
  });

  it('shows the segments chosen, each nominee with relation and share, and a minor\'s guardian', async () => {
    const { body } = await preview('en');
    expect(pairs(section(body, 'Segments'))).toEqual([['Segments', 'Equity, Equity Derivatives']]);
    const nominees = section(body, 'Nominees');
    const of = (group: string) => pairs(nominees.filter((row) => row.group === group));
    expect(of('Nominee 1: Asha Rao')).toEqual([
      ['First Name', 'Asha'],
      ['Last Name', 'Rao'],
      ['Relationship', 'Spouse'],
      ['Date of Birth', '12/03/1988'],
      ['Share (%)', '60'],
    ]);
    expect(of('Nominee 2: Kiran Rao')).toEqual([
      ['First Name', 'Kiran'],
      ['Last Name', 'Rao'],
      ['Relationship', 'Son'],
      ['Date of Birth', '01/06/2015'],
      ['Share (%)', '40'],
      ['Guardian Name', 'Asha Rao'],
      ['Guardian Relation', 'Mother'],
    ]);
  });

  it('lists the declarations as the statements the applicant made', async () => {
    const { body } = await preview('en');
    expect(pairs(section(body, 'Declarations'))).toEqual([
      ['I agree to the other options below', 'Yes'],
      ['I have read and understood the risk disclosures on derivatives', 'Yes'],
      ['I am an Indian citizen', 'Yes'],
      ['No regulatory action has been taken against me in the last 3 years', 'Yes'],
      ['I am not a politically exposed person (PEP) or related to one', 'Yes'],
    ]);
  });

  it('reads in Hindi for a Hindi reader: section titles, labels and option texts', async () => {
    const { status, body } = await preview('hi');
    expect(status).toBe(200);
    expect(body.sections.map((item) => item.title)).toEqual(['पहचान', 'पता', 'व्यक्तिगत विवरण', 'कर निवास', 'बैंक खाता', 'सेगमेंट', 'नॉमिनी', 'घोषणाएँ']);
    expect(pairs(section(body, 'बैंक खाता'))).toEqual([
      ['खाताधारक का नाम', who.name],
      ['खाता संख्या', 'XXXXXXXXXX6789'],
      ['IFSC कोड', 'HDFC0000001'],
      ['खाते का प्रकार', 'बचत'],
    ]);
    expect(pairs(section(body, 'सेगमेंट'))).toEqual([['सेगमेंट', 'इक्विटी, इक्विटी डेरिवेटिव्स']]);
    expect(section(body, 'नॉमिनी').filter((row) => row.group === 'नॉमिनी 2: Kiran Rao').map(({ label, value }) => [label, value])).toContainEqual(['अभिभावक का संबंध', 'माता']);
    expect(pairs(section(body, 'घोषणाएँ'))).toContainEqual(['मैं भारतीय नागरिक हूँ', 'हाँ']);
  });

  it('leaves out a section with nothing saved, and lists an opt-out of nominating as its declaration', async () => {
    const other = await applicantAt(t, 'personal_details');
    expect((await send(t, other, '/api/user/personal-details', validPersonalDetails)).status).toBe(200);
    await setUserRow(t, other.phone, { current_step: 'signature', next_step: 'nominee' });
    expect((await send(t, other, '/api/user/skip-nominee', {})).status).toBe(200);
    const { body } = await preview('en', other.token);
    expect(body.sections.map((item) => item.title)).toEqual(['Identity', 'Personal details', 'Segments', 'Declarations']);
    const declarations = section(body, 'Declarations');
    expect(declarations.at(-1)?.value).toMatch(/^I\/We hereby confirm that I\/We do not wish to appoint any nominee/);
  });

  it('is refused without a token (401)', async () => {
    const { status } = await preview('en', null);
    expect(status).toBe(401);
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, type BrowserSession, type Page } from './browser';
import { nextAfter, routeAfter } from '../fixtures/flow-config';
import { setProgress, startServerWithDb, storedByPhone, type ServerWithDb } from './fixtures';
import { signedInThroughApi } from './journey';

let env: ServerWithDb;
let browser: BrowserSession;

beforeAll(async () => {
  env = await startServerWithDb({ bank: { branchSnapshot: false } });
  browser = await openBrowser({ width: 390, height: 844 });
});

afterAll(async () => {
  await browser?.close();
  await env?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
const choose = (page: Page, option: string) => page.getByRole('radio', { name: option, exact: true }).click();

it('an applicant at personal details answers all seven steps, meets the F&O income warning and the risk disclosure, and lands on tax residency', async () => {
  const { page } = browser;
  const phone = '9876502345';
  await signedInThroughApi(page, env.server, phone, 'meera.nair@example.in');
  // PAN, KYC and the PAN image belong to other issues: the fixture moves the applicant on to personal details.
  await setProgress(env.db, phone, { currentStep: 'pan_image_upload', nextStep: 'personal_details' });

  await page.goto(`${env.server.url}/personal-details`);
  await heading(page, 'What is your gender?');
  await page.getByText('Question 1 of 7').waitFor();
  await choose(page, 'Female');
  await heading(page, 'What is your marital status?');
  await choose(page, 'Married');
  await heading(page, 'What is your occupation?');

  // Progress lives in localStorage: a reload comes back to the third question.
  await page.reload();
  await heading(page, 'What is your occupation?');
  await page.getByText('Question 3 of 7').waitFor();
  await page.getByRole('button', { name: 'View More' }).click();
  await choose(page, 'Housewife');

  await heading(page, 'What is your annual income?');
  expect(await page.getByRole('radio').allTextContents()).toEqual(['>1 Cr', '25 Lac-1 Cr', '10-25 Lac', '5-10 Lac', '1-5 Lac', 'Below Rs 1 Lac']);
  await choose(page, 'Below Rs 1 Lac');
  await heading(page, 'How long have you been trading?');
  await choose(page, 'Between 1 to 2 years');

  await heading(page, "Your Parents' Names");
  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel("Father's / Parent's Name").fill('Raj');
  await page.getByLabel("Mother's Name").fill('Sita Nair');
  expect(await next.isDisabled()).toBe(true);
  await page.getByLabel("Father's / Parent's Name").fill('Rajan Nair');
  await next.click();

  await heading(page, 'Choose your Trading Segments');
  await page.getByText('Charges & Fees').waitFor();
  expect(await page.getByRole('checkbox', { name: /^Equity(?! Derivatives)/ }).isDisabled()).toBe(true);
  await page.getByRole('checkbox', { name: /^Equity Derivatives/ }).check();
  const warning = page.getByRole('dialog', { name: 'Income too low for F&O' });
  await warning.waitFor();
  await warning.getByRole('button', { name: 'Reselect Income' }).click();

  await heading(page, 'What is your annual income?');
  await page.getByText('Question 4 of 7').waitFor();
  await choose(page, '5-10 Lac');
  await heading(page, 'Choose your Trading Segments');
  expect(await page.getByRole('checkbox', { name: /^Equity Derivatives/ }).isChecked()).toBe(true);
  // Nothing is ticked for the applicant: Next says what is missing, the risk disclosure first.
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Read the risk disclosure on derivatives and tick to acknowledge it, or remove Equity Derivatives').waitFor();
  await page.getByText("Tick 'I agree to the other options below' to continue").waitFor();
  await page.getByRole('region', { name: 'Risk disclosures on derivatives' }).getByText('9 out of 10 individual traders', { exact: false }).waitFor();
  await page.getByRole('checkbox', { name: 'I have read and understood the risk disclosures on derivatives' }).check();
  await page.getByRole('checkbox', { name: 'I agree to the other options below' }).check();
  await page.getByRole('button', { name: 'Next' }).click();

  await page.getByText('Personal Details Saved!').waitFor();
  await page.waitForURL(`**${routeAfter('personal_details')}`);
  const saved = await storedByPhone(env.db, phone);
  expect(saved.row).toMatchObject({ current_step: 'personal_details', next_step: nextAfter('personal_details') });
  expect(saved.steps.personal_details).toMatchObject({
    gender: 'Female',
    maritalStatus: 'Married',
    occupation: 'Housewife',
    incomeSegment: '5-10 Lac',
    tradingExperience: 'Between 1 to 2 years',
    fatherName: 'Rajan Nair',
    motherName: 'Sita Nair',
    segments: ['EQ', 'FNO'],
    fnoRiskAcknowledged: true,
    otherOptionsDeclaration: true,
    declaredAt: { fnoRiskAcknowledged: expect.any(String), otherOptionsDeclaration: expect.any(String) },
  });
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('progress:')))).toEqual([]);
  expect(browser.cspViolations).toEqual([]);
});

it('an applicant whose personal details were rejected re-enters them on /modification (gender sent lowercase)', async () => {
  const { page } = browser;
  const phone = '9876503456';
  await page.evaluate(() => localStorage.clear());
  await signedInThroughApi(page, env.server, phone, 'arjun.rao@example.in');
  await setProgress(env.db, phone, { currentStep: 'aadhaar_e_sign_documents', nextStep: 'modification', rejectedSteps: { personal_details: {} } });

  await page.goto(`${env.server.url}/modification`);
  await heading(page, 'Welcome Back');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Gender is required').waitFor();
  await page.getByLabel('Gender').selectOption('Male');
  await page.getByLabel('Marital Status').selectOption('Unmarried');
  await page.getByLabel('Occupation').selectOption('Business');
  await page.getByLabel('Income Segment').selectOption('10-25 Lac');
  await page.getByLabel('Trading Experience').selectOption('More than 5 years');
  await page.getByLabel("Father's / Parent's Name").fill('Mohan Rao');
  await page.getByLabel("Mother's Name").fill('Latha Rao');
  await page.getByRole('button', { name: 'Submit' }).click();

  await page.getByText('Personal Details Saved!').waitFor();
  await page.waitForURL('**/completed');
  const saved = await storedByPhone(env.db, phone);
  expect(saved.row).toMatchObject({ next_step: 'verification_pending', rejected_steps: '{}' });
  expect(saved.steps.personal_details).toMatchObject({ gender: 'male', maritalStatus: 'unmarried' });
  expect(browser.cspViolations).toEqual([]);
});

import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, type BrowserSession, type Page } from './browser';
import { nextAfter, routeAfter } from '../fixtures/flow-config';
import { opsPost, setProgress, startServerWithBackOffice, userByPhone, type ServerWithDb } from './fixtures';
import { signedInThroughApi } from './journey';

let env: ServerWithDb;
let browser: BrowserSession;

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'income-proof');
const rightPassword = 'Right-Pass#2026';
const wrongPassword = 'Wrong-Pass#2026';

beforeAll(async () => {
  // No bank branches are needed here: skip loading the directory snapshot. The back office: the reviewer's view.
  env = await startServerWithBackOffice({ bank: { branchSnapshot: false } });
  browser = await openBrowser({ width: 390, height: 844, camera: true });
});

afterAll(async () => {
  await browser?.close();
  await env?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
const path = (page: Page) => new URL(page.url()).pathname;

async function applicantAtIncomeProof(page: Page, phone: string, email: string) {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await signedInThroughApi(page, env.server, phone, email);
  await setProgress(env.db, phone, { currentStep: 'nominee', nextStep: 'income_proof' });
  await page.goto(`${env.server.url}/add-income-details`);
  await heading(page, 'Enable F&O Trading');
}

it('account aggregator: Reject on Setu’s page comes back with an error; Approve comes back, the statement is read, on to eSign; the reviewer reads the income summary', async () => {
  const { page } = browser;
  const phone = '9876512001';
  await applicantAtIncomeProof(page, phone, 'farah.khan@example.in');
  const automatic = page.getByRole('radio', { name: /Automatic Verification/ });
  expect(await automatic.getAttribute('aria-checked')).toBe('true');
  await automatic.getByText('Recommended').waitFor();

  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL('**/sim/setu/v2/consents/webview/**');
  await page.getByRole('heading', { name: 'Setu account aggregator (simulator)' }).waitFor();
  await page.getByRole('button', { name: 'Reject' }).click();
  await page.waitForURL(/\/income-proof\/callback\?success=false&id=[^&]+&errorcode=1&errormsg=reject_not_want_to_share$/);
  await page.getByText('Consent was rejected, please try again').waitFor();
  await page.waitForURL('**/add-income-details');
  expect((await userByPhone(env.db, phone)).next_step).toBe('income_proof');

  // Cancel: Setu keeps the consent pending; the app says so at once instead of waiting.
  await heading(page, 'Enable F&O Trading');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL('**/sim/setu/v2/consents/webview/**');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('You cancelled the consent. Choose how to verify your income.').waitFor();
  await page.waitForURL('**/add-income-details');

  await heading(page, 'Enable F&O Trading');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL('**/sim/setu/v2/consents/webview/**');
  const consentId = decodeURIComponent(path(page).split('/').pop() ?? '');
  await page.getByRole('radio', { name: 'My bank shares it after a short delay' }).check();
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.waitForURL(`**/income-proof/callback?success=true&id=${consentId}`);
  await heading(page, 'Verifying your Income');
  await page.getByText('Income proof verified successfully').waitFor({ timeout: 30_000 });
  await page.waitForURL(`**${routeAfter('income_proof')}`);
  await heading(page, 'Aadhaar eSign');
  const user = await userByPhone(env.db, phone);
  expect(user.next_step).toBe(nextAfter('income_proof'));
  expect(browser.cspViolations).toEqual([]);

  // The reviewer, in the back office, reads the statement's summary beside the income proof.
  const reviewer = 'ravi.kumar@broker.in';
  expect((await opsPost(env, 'reviewers', { email: reviewer, role: 'reviewer' })).status).toBe(201);
  await page.goto(`${env.server.url}/ops`);
  await page.getByLabel('Work email').fill(reviewer);
  await page.keyboard.press('Enter');
  await page.getByText(`We emailed a 6-digit code to ${reviewer}.`).waitFor();
  await page.keyboard.type(await env.server.latestCode(reviewer));
  await page.getByRole('heading', { level: 1, name: 'Applications' }).waitFor();
  await page.goto(`${env.server.url}/ops/applications/${user.id}`);
  const summary = page.getByRole('region', { name: 'Bank statements read through the account aggregator' });
  await summary.waitFor();
  expect(await page.getByRole('region', { name: 'Income Proof' }).getByRole('region', { name: 'Bank statements read through the account aggregator' }).count()).toBe(1);
  await summary.getByText('Salary-like credits a month, on average').waitFor();
  expect(await summary.getByText(/^₹[\d,]+, in 12 of 12 months$/).count()).toBe(1);
  await summary.getByText(/^Savings account XXXXXXXX\d{4}, Sandbox Branch, HDFC0000001: \d+ transactions$/).waitFor();
  await summary.getByText(consentId).waitFor();
  expect(await summary.textContent()).not.toMatch(/averageMonthly|setu-fip|Paise/);
});

it('manual upload: an encrypted PDF with a wrong password is refused, the right one is accepted; the password is not kept', async () => {
  const { page } = browser;
  const phone = '9876512002';
  await applicantAtIncomeProof(page, phone, 'rohan.das@example.in');
  await page.getByRole('radio', { name: /Upload Income Proof/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await heading(page, 'Upload Income Proof');

  const next = page.getByRole('button', { name: 'Next' });
  await next.click();
  await page.getByText('must select document type to be uploaded').waitFor();
  await page.getByText('must select document to be uploaded').waitFor();

  await page.getByLabel('Document type').selectOption('Bank Statement');
  await page.getByLabel('Income proof (PDF)').setInputFiles(join(fixtures, 'photo-named.pdf'));
  await page.getByText('Only PDF files can be uploaded').waitFor();
  await page.getByLabel('Income proof (PDF)').setInputFiles(join(fixtures, 'encrypted-aes256.pdf'));
  await page.getByText('encrypted-aes256.pdf', { exact: true }).waitFor();
  await page.getByText(/^\d+ KB · 1 page$/).waitFor();
  await page.getByLabel('This PDF is password protected').check();
  const password = page.getByLabel('PDF password');
  await password.fill(wrongPassword);
  await next.click();
  await page.getByText('The password for this PDF is incorrect').waitFor();
  expect(path(page)).toBe('/add-income-details');

  await password.fill(rightPassword);
  await next.click();
  await page.getByText('Income proof uploaded successfully').waitFor();
  await page.waitForURL(`**${routeAfter('income_proof')}`);
  const user = await userByPhone(env.db, phone);
  expect(user.next_step).toBe(nextAfter('income_proof'));
  const rows = await env.db.selectFrom('income_proofs').selectAll().where('user_id', '=', user.id).execute();
  expect(rows).toHaveLength(1);
  expect(JSON.stringify(rows)).not.toContain(rightPassword);
  expect(browser.cspViolations).toEqual([]);
});

it('Skip: an orange toast and on to eSign', async () => {
  const { page } = browser;
  const phone = '9876512003';
  await applicantAtIncomeProof(page, phone, 'tara.sen@example.in');
  await page.getByRole('button', { name: 'Skip' }).click();
  await page.locator('.ant-message-notice-warning', { hasText: 'Fno Trade Activation Skipped!' }).waitFor();
  await page.waitForURL(`**${routeAfter('income_proof')}`);
  expect((await userByPhone(env.db, phone)).next_step).toBe(nextAfter('income_proof'));
});

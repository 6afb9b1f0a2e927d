import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encodeRekycData, rekycLinkPath } from '../../core/engine/rekyc-link';
import { openBrowser, type BrowserSession, type Page } from './browser';
import { opsPost, setProgress, startServerWithBackOffice, userByPhone, type ServerWithDb } from './fixtures';
import { acceptPrivacyNotice, signedInThroughApi } from './journey';

/** The emailed re-KYC link (spec 4, Start-up and Re-KYC), signed out and signed in, in Chromium. */

let env: ServerWithDb;
let browser: BrowserSession;
const plainPdf = join(import.meta.dirname, '..', 'fixtures', 'income-proof', 'plain.pdf');

beforeAll(async () => {
  env = await startServerWithBackOffice();
  browser = await openBrowser({ width: 390, height: 844 });
});

afterAll(async () => {
  await browser?.close();
  await env?.close();
});

/** A new applicant whose account is open (completed), and the link the back office would email them. */
async function completedApplicant(page: Page, phone: string, email: string): Promise<{ link: string; id: string }> {
  await signedInThroughApi(page, env.server, phone, email);
  await setProgress(env.db, phone, { currentStep: 'user_setup', nextStep: 'completed' });
  const { id } = await userByPhone(env.db, phone);
  return { id, link: `${env.server.url}${rekycLinkPath(encodeRekycData(phone, id))}` };
}

/** The link as the back office emails it (POST /api/ops/applications/{id}/rekyc), opened on this test's server. */
async function emailedLink(id: string): Promise<string> {
  const response = await opsPost(env, `applications/${id}/rekyc`);
  expect(response.status).toBe(200);
  const { link } = (await response.json()) as { link: string };
  const { pathname, search } = new URL(link);
  return `${env.server.url}${pathname}${search}`;
}

async function declarations(userId: string) {
  return env.db.selectFrom('income_declarations').selectAll().where('user_id', '=', userId).execute();
}

async function declare(page: Page, slab: string, withProof: boolean) {
  await page.getByRole('heading', { level: 1, name: 'Update your Income Declaration' }).waitFor();
  await page.getByLabel('Annual income').selectOption(slab);
  // The statements are the applicant's own ticks, never ticked for them.
  for (const statement of ['I confirm that the information given above is true and correct.', 'I will inform the broker within 30 days of any change in this information.']) {
    expect(await page.getByLabel(statement).isChecked()).toBe(false);
    await page.getByLabel(statement).check();
  }
  if (withProof) {
    await page.getByLabel('Income proof (PDF, optional)').setInputFiles(plainPdf);
    await page.getByLabel('Income proof type').selectOption({ label: 'IT Return' });
  }
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('Income declaration saved').waitFor();
  await page.waitForURL('**/rekyc/thank-you');
  await page.getByRole('heading', { name: 'Thank You' }).waitFor();
}

it('signed out: the link opens /login with the number filled in, and after the OTP the declaration page; Confirm ends on Thank You', async () => {
  const { page } = browser;
  const phone = '9876513001';
  const { link, id } = await completedApplicant(page, phone, 'meera.iyer@example.in');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  const emailed = await emailedLink(id);
  expect(emailed).toBe(link);
  await page.goto(emailed);
  await page.waitForURL('**/login');
  expect(await page.getByLabel('Mobile Number').inputValue()).toBe(phone);
  await acceptPrivacyNotice(page);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.waitForURL('**/verify-otp');
  await page.getByLabel('Digit 1 of 4').pressSequentially(await env.server.latestCode(phone));
  await page.waitForURL('**/rekyc/income-proof/upload');

  await declare(page, '10-25 Lac', true);
  const [saved] = await declarations(id);
  expect(saved).toMatchObject({ income: '10-25 Lac', document_type: 'it_return' });
  expect(saved?.document_id).toBeTruthy();
});

it('signed in: the link goes straight to the page; the slab alone is enough', async () => {
  const { page } = browser;
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const phone = '9876513002';
  const { link, id } = await completedApplicant(page, phone, 'arjun.rao@example.in');

  await page.goto(link);
  await page.waitForURL('**/rekyc/income-proof/upload');
  await declare(page, '5-10 Lac', false);
  expect(await declarations(id)).toEqual([expect.objectContaining({ income: '5-10 Lac', document_type: null, document_id: null })]);
});

it("a link for another applicant's account is refused with a clear message, and nothing is stored", async () => {
  const { page } = browser;
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const other = await completedApplicant(page, '9876513003', 'kavya.nair@example.in');
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  const phone = '9876513004';
  await completedApplicant(page, phone, 'rohan.das@example.in');
  const foreign = `${env.server.url}${rekycLinkPath(encodeRekycData(phone, other.id))}`;

  await page.goto(foreign);
  await page.waitForURL('**/rekyc/income-proof/upload');
  await page.getByLabel('Annual income').selectOption('1-5 Lac');
  await page.getByLabel('I confirm that the information given above is true and correct.').check();
  await page.getByLabel('I will inform the broker within 30 days of any change in this information.').check();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('This re-KYC link belongs to another applicant').waitFor();
  expect(new URL(page.url()).pathname).toBe('/rekyc/income-proof/upload');
  expect(await declarations(other.id)).toEqual([]);
});

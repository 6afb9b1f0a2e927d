import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, type BrowserSession, type Page } from './browser';
import { opsPost, setProgress, startServerWithBackOffice, storedByPhone, userByPhone, type ServerWithDb } from './fixtures';
import { signedInThroughApi } from './journey';

/**
 * The review loop (issue 11): the back office rejects two steps through its API, the applicant sees exactly those
 * on Resume and Modification, fixes both and is back at 'KYC Verification Pending'; then approved, set up and
 * completed, 'Onboarding Complete'.
 */

let env: ServerWithDb;
let browser: BrowserSession;

beforeAll(async () => {
  env = await startServerWithBackOffice();
  browser = await openBrowser({ width: 390, height: 844 });
});

afterAll(async () => {
  await browser?.close();
  await env?.close();
});

async function decide(id: string, body: unknown): Promise<void> {
  const response = await opsPost(env, `applications/${id}/decision`, body);
  expect(response.status, await response.clone().text()).toBe(200);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
const listHeight = (page: Page) => page.locator('.attention-list').evaluate((list) => getComputedStyle(list).maxHeight);

it('rejected on PAN image and personal details: fixes exactly those, back to pending, then approved, set up and complete', async () => {
  const { page } = browser;
  const phone = '9876514001';
  await signedInThroughApi(page, env.server, phone, 'nisha.menon@example.in');
  await setProgress(env.db, phone, { currentStep: 'aadhaar_e_sign_documents', nextStep: 'verification_pending' });
  const { id } = await userByPhone(env.db, phone);
  await decide(id, { action: 'reject', rejectedSteps: { pan_image_upload: 'The PAN image is blurred', personal_details: "Father's name does not match the PAN" } });

  // Resume: the two steps, their labels and the back office's reasons; the list scrolls within 200 px on a phone.
  await page.goto(`${env.server.url}/`);
  await heading(page, 'Resume your Application');
  await page.getByText('Complete the rejected steps to continue').waitFor();
  const attention = page.getByRole('heading', { level: 2, name: /Steps requiring Attention/ });
  expect(await attention.locator('.attention-count').textContent()).toBe('2');
  const cards = page.locator('.attention-card');
  expect(await cards.allTextContents()).toEqual([
    'PAN Image UploadUpload PAN image againThe PAN image is blurred',
    "Personal DetailsPlease re-enter personal detailsFather's name does not match the PAN",
  ]);
  expect(await listHeight(page)).toBe('200px');
  await page.setViewportSize({ width: 1366, height: 768 });
  expect(await listHeight(page)).toBe('270px');
  await page.setViewportSize({ width: 390, height: 844 });

  // Modification: personal details first.
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/modification');
  await heading(page, 'Welcome Back');
  await page.getByLabel('Gender').selectOption('Female');
  await page.getByLabel('Marital Status').selectOption('Married');
  await page.getByLabel('Occupation').selectOption('Private Sector');
  await page.getByLabel('Income Segment').selectOption('5-10 Lac');
  await page.getByLabel('Trading Experience').selectOption('Between 1 to 2 years');
  await page.getByLabel("Father's / Parent's Name").fill('Suresh Menon');
  await page.getByLabel("Mother's Name").fill('Radha Menon');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Personal Details Saved!').waitFor();

  // Then the PAN image, and only that document.
  await page.getByRole('heading', { level: 2, name: 'Documents Need Re-upload' }).waitFor();
  expect(await page.locator('.mod-document').count()).toBe(1);
  const image = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 230, g: 236, b: 246 } } }).jpeg().toBuffer();
  await page.getByLabel('PAN card image').setInputFiles({ name: 'pan.jpg', mimeType: 'image/jpeg', buffer: image });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByText('Document uploaded successfully!').waitFor();
  // Nothing left to fix: the application is back with the reviewers, and the page follows.
  await page.waitForURL('**/completed');
  await heading(page, 'KYC Verification Pending');
  const fixed = await storedByPhone(env.db, phone);
  expect(fixed.row).toMatchObject({ next_step: 'verification_pending', rejected_steps: '{}' });
  expect(fixed.steps.personal_details).toMatchObject({ gender: 'female', fatherName: 'Suresh Menon' });

  await decide(id, { action: 'approve' });
  await page.reload();
  await heading(page, 'Application Approved');
  await decide(id, { action: 'setup' });
  await decide(id, { action: 'complete' });
  await page.reload();
  await heading(page, 'Onboarding Complete');
  await page.locator('.screen.completed').getByText('Email notifications enabled').waitFor();
  // The client ID the back office's 'complete' gave (review.decisions.complete.clientCode: 'ON' and six digits).
  await page.locator('.screen.completed').getByText(/^Your client ID is ON\d{6}\. Sign in to the trading platform with it/).waitFor();
  expect(browser.cspViolations).toEqual([]);
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, type BrowserSession, type Page } from './browser';
import { nextAfter, routeAfter } from '../fixtures/flow-config';
import { setProgress, startServerWithDb, userByPhone, type ServerWithDb } from './fixtures';
import { signedInThroughApi } from './journey';
import { acknowledgeMitc } from './golden/steps';

let env: ServerWithDb;
let browser: BrowserSession;

beforeAll(async () => {
  // No bank branches are needed here: skip loading the directory snapshot.
  env = await startServerWithDb({ bank: { branchSnapshot: false } });
  // The fake camera: Chromium's test pattern instead of a webcam, permission granted without a prompt.
  browser = await openBrowser({ camera: true });
});

afterAll(async () => {
  await browser?.close();
  await env?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor();
const widget = (page: Page, title: string) => page.getByRole('dialog', { name: title });

/** A fresh applicant, signed in, moved on to `nextStep` as the back office's fixtures do, then at `route`. */
async function applicantAt(page: Page, phone: string, email: string, progress: { currentStep: string; nextStep: string }, route: string) {
  await page.evaluate(() => localStorage.clear()).catch(() => undefined);
  await signedInThroughApi(page, env.server, phone, email);
  await setProgress(env.db, phone, progress);
  await page.goto(`${env.server.url}${route}`);
}

it('KYC: Cancel in the widget shows its message and keeps the applicant here; Begin again and Approve verifies and moves on', async () => {
  const { page } = browser;
  const phone = '9876511001';
  await applicantAt(page, phone, 'kavya.iyer@example.in', { currentStep: 'pan_verification', nextStep: 'aadhaar_verification' }, '/kyc-verification');
  await heading(page, 'KYC Verification');
  await page.getByText('Your 12-digit Aadhaar number').waitFor();
  await page.getByText('Process takes 2-3 minutes').waitFor();
  const begin = page.getByRole('button', { name: 'Begin Verification' });

  await begin.click();
  let dialog = widget(page, 'DigiLocker KYC (sandbox)');
  await dialog.getByText(/^KID/).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('KYC Process Cancelled').waitFor();
  await dialog.waitFor({ state: 'detached' });
  expect(new URL(page.url()).pathname).toBe('/kyc-verification');
  expect((await userByPhone(env.db, phone)).next_step).toBe('aadhaar_verification');

  await begin.click();
  dialog = widget(page, 'DigiLocker KYC (sandbox)');
  await dialog.getByText(/^KID/).waitFor();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page.getByText('KYC details verified successfully!').waitFor();
  await page.waitForURL(`**${routeAfter('aadhaar_verification')}`);
  expect((await userByPhone(env.db, phone)).next_step).toBe(nextAfter('aadhaar_verification'));
  expect(browser.cspViolations).toEqual([]);
});

it('selfie: the fake camera shows live, Capture takes a frame, Approve verifies it and the next route follows', async () => {
  const { page } = browser;
  const phone = '9876511002';
  await applicantAt(page, phone, 'dev.menon@example.in', { currentStep: 'bank_details', nextStep: 'liveliness_detection' }, '/verify-image');
  await heading(page, 'Liveness Check');
  await page.getByText('Keep your eyes clearly visible, also if you wear glasses').waitFor();
  await page.getByRole('button', { name: 'Open Camera' }).click();

  const dialog = widget(page, 'Liveness selfie (sandbox)');
  await dialog.getByText(/^KID/).waitFor();
  const approve = dialog.getByRole('button', { name: 'Approve' });
  await dialog.getByRole('button', { name: 'Capture' }).click();
  const photo = dialog.getByRole('img', { name: 'Captured photo' });
  await photo.waitFor();
  const src = (await photo.getAttribute('src')) ?? '';
  expect(src.startsWith('data:image/jpeg;base64,')).toBe(true);
  // A real frame of Chromium's 640x480 test pattern, not an empty canvas.
  expect(await photo.evaluate((image: HTMLImageElement) => [image.naturalWidth, image.naturalHeight])).toEqual([640, 480]);
  expect(src.length).toBeGreaterThan(5_000);
  expect(await approve.isEnabled()).toBe(true);
  await approve.click();
  await page.getByText('Image verified successfully!').waitFor();
  await page.waitForURL(`**${routeAfter('liveliness_detection')}`);
  const user = await userByPhone(env.db, phone);
  expect(user.next_step).toBe(nextAfter('liveliness_detection'));
  // The captured frame went with Approve to the provider's side, and came back as the selfie the back office sees.
  const selfies = await env.db.selectFrom('documents').select(['kind', 'mime']).where('user_id', '=', user.id).execute();
  expect(selfies).toEqual([{ kind: 'selfie_image', mime: 'image/jpeg' }]);
  // The camera is released once the widget closes.
  expect(await page.evaluate(() => document.querySelectorAll('video').length)).toBe(0);
  expect(browser.cspViolations).toEqual([]);
});

it('eSign: every listed document, one Cancel then Retry, each confirmed; then verification and /completed', async () => {
  const { page } = browser;
  const phone = '9876511003';
  await applicantAt(page, phone, 'nisha.bose@example.in', { currentStep: 'income_proof', nextStep: 'aadhaar_e_sign_documents' }, '/aadhaar-esign');
  await heading(page, 'Aadhaar eSign');
  await acknowledgeMitc(page, (english) => english);
  const items = page.getByRole('list', { name: 'Documents to Sign' }).getByRole('listitem');
  await items.first().waitFor();
  const names = await items.locator('strong').allTextContents();
  expect(names).toEqual(['KRA Form', 'Account Opening Form']);
  const row = (name: string) => items.filter({ hasText: name });

  // The first document: Cancel, then Retry.
  await row(names[0]!).getByRole('button', { name: 'Sign' }).click();
  let dialog = widget(page, 'Aadhaar eSign (sandbox)');
  await dialog.getByText(/^DID/).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('Signing cancelled').waitFor();
  await row(names[0]!).getByText('Not signed, please retry').waitFor();
  await row(names[0]!).getByRole('button', { name: 'Retry' }).click();
  dialog = widget(page, 'Aadhaar eSign (sandbox)');
  await dialog.getByText(/^DID/).waitFor();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await page.getByText(`Esign for ${names[0]} successfully!`).waitFor();
  await row(names[0]!).getByText('Signed', { exact: true }).waitFor();

  // Then each of the rest.
  for (const name of names.slice(1)) {
    await row(name).getByRole('button', { name: 'Sign' }).click();
    dialog = widget(page, 'Aadhaar eSign (sandbox)');
    await dialog.getByText(/^DID/).waitFor();
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Esign for ${name} successfully!`).waitFor();
  }

  await page.waitForURL(`**${routeAfter('aadhaar_e_sign_documents')}`);
  await heading(page, 'KYC Verification Pending');
  expect((await userByPhone(env.db, phone)).next_step).toBe(nextAfter('aadhaar_e_sign_documents'));
  expect(browser.cspViolations).toEqual([]);
});

import sharp from 'sharp';
import { expect } from 'vitest';
import type { Page } from '../browser';
import type { RunningServer } from '../server';
import { settled } from '../settle';

/**
 * One driver per journey step, as a person would do it: labels, roles and texts only, the sandboxes standing in
 * for the outside services (the OTP read from the sandbox outbox as from a phone). Each waits for its screen and
 * calls `seen` once it has settled (the golden journeys run axe-core there), then leaves for the next step. Each
 * waits for its own route, not for the last step's toast: toasts close after 2 s, and the screen is what counts.
 */

export interface Applicant {
  phone: string;
  email: string;
  pan: string;
}

export type Seen = (route: string) => Promise<void>;

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
const radio = (page: Page, name: string) => page.getByRole('radio', { name, exact: true }).click();

export const picture = (width: number, height: number, format: 'jpeg' | 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 232, g: 238, b: 247 } } })
    .composite([{ input: { create: { width: Math.round(width / 2), height: Math.round(height / 4), channels: 3, background: { r: 30, g: 60, b: 120 } } }, top: 40, left: 40 }])
    [format]()
    .toBuffer();

/** Declarations the applicant makes: ticked if they are not (whether a page ticks them in advance or not). */
export async function tickAll(page: Page, labels: readonly string[]): Promise<void> {
  for (const label of labels) {
    const box = page.getByRole('checkbox', { name: label });
    if (!(await box.isChecked())) await box.check();
  }
}

export async function signIn(page: Page, server: RunningServer, who: Applicant, seen: Seen): Promise<void> {
  await page.goto(`${server.url}/`);
  await page.waitForURL('**/login');
  await heading(page, 'Open your trading account');
  await seen('/login');
  await page.getByLabel('Mobile Number').fill(who.phone);
  await page.getByRole('checkbox', { name: /I have read the Privacy Notice/ }).check();
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.waitForURL('**/verify-otp');
  await heading(page, 'Verify your mobile number');
  await seen('/verify-otp');
  await page.getByLabel('Digit 1 of 4').pressSequentially(await server.latestCode(who.phone));
  await page.waitForURL('**/add-email');
  await heading(page, 'Add your email');
  await seen('/add-email');
  await page.getByLabel('Email').fill(who.email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.waitForURL('**/verify-email');
  await heading(page, 'Verify your email');
  await seen('/verify-email');
  await page.getByLabel('Digit 1 of 4').pressSequentially(await server.latestCode(who.email));
}

export async function verifyPan(page: Page, who: Applicant, seen: Seen): Promise<void> {
  await page.waitForURL('**/verify-pan');
  await heading(page, 'Verify your PAN');
  await page.getByRole('button', { name: 'Verify and Continue' }).waitFor();
  await seen('/verify-pan');
  // A mistake first: ten characters that are no PAN.
  await page.getByLabel('PAN Number').pressSequentially('ABCP123456');
  await page.getByText('Enter valid PAN Number').waitFor();
  await seen('/verify-pan (invalid PAN)');
  await page.getByLabel('PAN Number').fill('');
  await page.getByLabel('PAN Number').pressSequentially(who.pan);
  await page.getByPlaceholder('Date of birth (in DD/MM/YYYY)').pressSequentially('15/08/1990');
  await page.getByRole('button', { name: 'Verify and Continue' }).click();
}

/** The sandbox identity widget (KYC, selfie, eSign): its dialog, then Approve. */
async function approveInWidget(page: Page, title: string, capture = false): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByText(/^[KD]ID/).waitFor();
  if (capture) {
    await dialog.getByRole('button', { name: 'Capture' }).click();
    await dialog.getByRole('img', { name: 'Captured photo' }).waitFor();
  }
  await dialog.getByRole('button', { name: 'Approve' }).click();
}

export async function kyc(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/kyc-verification');
  await heading(page, 'KYC Verification');
  await seen('/kyc-verification');
  await page.getByRole('button', { name: 'Begin Verification' }).click();
  await approveInWidget(page, 'DigiLocker KYC (sandbox)');
}

export async function panImage(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/pan-image-upload');
  await heading(page, 'Upload your PAN card');
  await page.getByRole('button', { name: 'Upload', exact: true }).waitFor();
  await seen('/pan-image-upload');
  await page.getByTestId('image-pick-input').setInputFiles({ name: 'pan.jpg', mimeType: 'image/jpeg', buffer: await picture(2000, 1500, 'jpeg') });
  const dialog = page.getByRole('dialog', { name: 'Review and crop your PAN card' });
  await dialog.getByRole('slider', { name: 'Zoom' }).waitFor();
  await seen('/pan-image-upload (crop)');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('img', { name: 'Your PAN card' }).waitFor();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
}

export async function personalDetails(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/personal-details');
  await heading(page, 'What is your gender?');
  await seen('/personal-details');
  await radio(page, 'Female');
  await heading(page, 'What is your marital status?');
  await radio(page, 'Married');
  await heading(page, 'What is your occupation?');
  await radio(page, 'Private Sector');
  await heading(page, 'What is your annual income?');
  await radio(page, '10-25 Lac');
  await heading(page, 'How long have you been trading?');
  await radio(page, 'Between 2 to 5 years');
  await heading(page, "Your parents' names");
  await page.getByLabel("Father's / Parent's Name").fill('Rajan Iyer');
  await page.getByLabel("Mother's Name").fill('Lakshmi Iyer');
  await page.getByRole('button', { name: 'Next' }).click();
  await heading(page, 'Choose your trading segments');
  await seen('/personal-details (segments)');
  await page.getByRole('checkbox', { name: /^Equity Derivatives/ }).check();
  // SEBI's risk disclosure comes with F&O; the applicant reads it and ticks the acknowledgement, and the declaration.
  await page.getByRole('region', { name: 'Risk disclosures on derivatives' }).waitFor();
  await seen('/personal-details (F&O risk disclosure)');
  await page.getByRole('checkbox', { name: 'I have read and understood the risk disclosures on derivatives' }).check();
  await tickAll(page, ['I agree to the other options below']);
  await page.getByRole('button', { name: 'Next' }).click();
}

export async function taxResidency(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/tax-residency');
  await heading(page, 'Tax residency');
  await page.getByRole('button', { name: 'Continue' }).waitFor();
  await seen('/tax-residency');
  await page.getByRole('radio', { name: 'No', exact: true }).check();
  await page.getByLabel('Place of birth').fill('Chennai');
  expect(await page.getByLabel('Country of birth').inputValue()).toBe('India');
  await page.getByRole('button', { name: 'Continue' }).click();
}

export async function bankByUpi(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/link-bank-account');
  await heading(page, 'Link your Bank Account');
  await seen('/link-bank-account');
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Scan QR Code to Verify Bank');
  // The payment request: the UPI app's button on a phone, the QR code on a wider screen.
  await page.getByRole('link', { name: 'Open UPI app' }).or(page.getByRole('img', { name: 'UPI QR code to pay Rs 1' })).waitFor();
  await seen('/link-bank-account (UPI)');
  await page.getByRole('button', { name: 'Simulate payment (sandbox)' }).click();
}

export async function selfie(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/verify-image');
  await heading(page, 'Liveness Check');
  // Seen once the widget's code is there: the button leaves its loading look first.
  await page.locator('button:not(.ant-btn-loading)', { hasText: 'Open Camera' }).waitFor();
  await seen('/verify-image');
  await page.getByRole('button', { name: 'Open Camera' }).click();
  await approveInWidget(page, 'Liveness selfie (sandbox)', true);
}

export async function declarationAndSignature(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/sign-onboarding-form');
  await heading(page, 'Declarations and signature');
  await page.getByRole('button', { name: 'Draw Signature' }).waitFor();
  await seen('/sign-onboarding-form');
  // Not an Indian citizen: the warning that NRIs cannot be onboarded; then the box is ticked again.
  const citizen = page.getByRole('checkbox', { name: 'I am an Indian citizen' });
  const warning = page.getByRole('dialog', { name: 'Indian citizens only' });
  let warned = false;
  if (await citizen.isChecked()) {
    await citizen.uncheck();
    warned = await warning.waitFor({ timeout: 5000 }).then(
      () => true,
      () => false,
    );
  }
  if (warned) {
    await seen('/sign-onboarding-form (NRI warning)');
    await warning.getByRole('button', { name: 'OK' }).click();
    await warning.waitFor({ state: 'detached' });
  }
  await citizen.check();
  await tickAll(page, ['No regulatory action has been taken against me in the last 3 years', 'I am not a politically exposed person (PEP) or related to one']);
  await drawSignature(page, seen, '/sign-onboarding-form (signature pad)');
  await page.getByRole('img', { name: 'Your signature', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Save and Continue' }).click();
}

/** Draw Signature: a stroke across the pad once its dialog has stopped sliding in, then the pad's Upload. */
export async function drawSignature(page: Page, seen: Seen, route: string): Promise<void> {
  await page.getByRole('button', { name: 'Draw Signature' }).click();
  const pad = page.getByRole('dialog', { name: 'Draw your signature' });
  const canvas = pad.getByRole('img', { name: /Signature pad/ });
  await canvas.waitFor();
  // The dialog slides and fades in (and takes no pointer until then): draw once every animation has ended.
  await settled(page);
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the signature pad has no box');
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? -15 : 15), { steps: 3 });
  await page.mouse.up();
  await seen(route);
  await pad.locator('.signature-actions').getByRole('button', { name: 'Upload' }).click();
  await pad.waitFor({ state: 'detached' });
}

async function pickFromSelect(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(option, { exact: true }).click();
}

export async function nominee(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/add-nominee');
  await heading(page, 'Add nominee');
  await page.getByRole('button', { name: 'Save', exact: true }).waitFor();
  await seen('/add-nominee');
  // Save with nothing filled in: every problem marked, the first focused, the toast says why.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Invalid Details').waitFor();
  await page.getByText('Please select title').waitFor();
  await seen('/add-nominee (empty Save)');
  await pickFromSelect(page, 'Title', 'Mrs');
  await page.getByLabel('First Name').fill('Asha');
  await page.getByLabel('Last Name').fill('Iyer');
  await pickFromSelect(page, 'Relationship', 'Spouse');
  await page.getByPlaceholder(/DD\/MM\/YYYY/).pressSequentially('15/08/1985');
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByLabel('Email').fill('asha.iyer@example.in');
  await page.getByLabel('Address Line 1').fill('12 MG Road, Ashok Nagar');
  await page.getByLabel('Pincode').fill('560001');
  await page.getByText(/Bengaluru/).first().waitFor({ timeout: 10_000 });
  await page.getByLabel('Share (%)').fill('100');
  await pickFromSelect(page, 'Proof of Identity', 'Aadhaar Card');
  await page.getByLabel('Document Number').fill('123412341234');
  await page.getByTestId('image-pick-input').setInputFiles({ name: 'aadhaar.png', mimeType: 'image/png', buffer: await picture(800, 500, 'png') });
  await page.getByRole('img', { name: "Nominee's proof of identity" }).waitFor();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

/** A single holder who does not nominate: Skip opens SEBI's opt-out declaration, which they tick and confirm. */
export async function nomineeOptOut(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/add-nominee');
  await heading(page, 'Add nominee');
  await page.getByRole('button', { name: 'Skip' }).waitFor();
  await seen('/add-nominee');
  await page.getByRole('button', { name: 'Skip' }).click();
  const dialog = page.getByRole('dialog', { name: 'I do not wish to nominate' });
  await dialog.getByText(/do not wish to appoint any nominee/).waitFor();
  await seen('/add-nominee (opt-out declaration)');
  // Confirming without the tick: the declaration is the applicant's own act, so the dialog says what is missing.
  await dialog.getByRole('button', { name: 'Confirm and skip' }).click();
  await dialog.getByText('Tick the box to make the declaration, or add a nominee instead').waitFor();
  await seen('/add-nominee (opt-out unticked)');
  await dialog.getByRole('checkbox', { name: 'I have read this declaration and make it' }).check();
  await dialog.getByRole('button', { name: 'Confirm and skip' }).click();
}

export async function incomeProofByAggregator(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/add-income-details');
  await heading(page, 'Enable F&O Trading');
  await seen('/add-income-details');
  // The manual upload's errors first, then back to the aggregator.
  await page.getByRole('radio', { name: /Upload income proof/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await heading(page, 'Upload income proof');
  await seen('/add-income-details (manual)');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('must select document type to be uploaded').waitFor();
  await seen('/add-income-details (manual errors)');
  await page.getByRole('button', { name: 'Back' }).click();
  await heading(page, 'Enable F&O Trading');
  await page.getByRole('radio', { name: /Automatic verification/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.waitForURL('**/dev/aa/consent/**');
  await page.getByRole('heading', { name: 'Sandbox account aggregator' }).waitFor();
  await page.getByRole('button', { name: 'Approve' }).click();
}

export async function esign(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/aadhaar-esign');
  await heading(page, 'Aadhaar eSign');
  const items = page.getByRole('list', { name: 'Documents to sign' }).getByRole('listitem');
  await items.first().waitFor();
  await seen('/aadhaar-esign');
  const names = await items.locator('strong').allTextContents();
  for (const [index, name] of names.entries()) {
    await items.filter({ hasText: name }).getByRole('button', { name: 'Sign' }).click();
    await approveInWidget(page, 'Aadhaar eSign (sandbox)');
    // The last signature sends the application for verification and the page moves on (see `pending`).
    if (index < names.length - 1) await items.filter({ hasText: name }).getByText('Signed', { exact: true }).waitFor();
  }
}

export async function pending(page: Page, seen: Seen): Promise<void> {
  await page.waitForURL('**/completed');
  await heading(page, 'KYC Verification Pending');
  await seen('/completed');
}

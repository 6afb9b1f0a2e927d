import sharp from 'sharp';
import { expect } from 'vitest';
import type { Locator } from 'playwright-core';
import type { Page } from '../browser';
import type { RunningServer } from '../server';
import { clickOptionUntilClosed, openList } from '../ant-select';
import { settled } from '../settle';
import { exactly, otherLanguageNames, type Said, type Say } from './journey-language';

/**
 * One driver per journey step, as a person would do it: labels, roles and texts only, the sandboxes standing in
 * for the outside services (the OTP read from the sandbox outbox as from a phone). Each waits for its screen and
 * calls `seen` once it has settled (the golden journeys run axe-core there), then leaves for the next step. Each
 * waits for its own route, not for the last step's toast: toasts close after 2 s, and the screen is what counts.
 * Texts are named in English and found as `say` words them in the journey's language (journey-language.ts).
 */

export interface Applicant {
  phone: string;
  email: string;
  pan: string;
  /** The language they open the app in (?lang= on the first page); default: the browser's. */
  language?: string;
}

export type Seen = (route: string) => Promise<void>;

/** What the applicant types on the way (their own words: shown back to them as typed, in any language). */
export const answers = {
  fatherName: 'Rajan Iyer',
  motherName: 'Lakshmi Iyer',
  placeOfBirth: 'Chennai',
  nomineeFirstName: 'Asha',
  nomineeLastName: 'Iyer',
  nomineeEmail: 'asha.iyer@example.in',
  nomineeAddress: '12 MG Road, Ashok Nagar',
  correctedFatherName: 'Rajan Krishnan Iyer',
};

/** One nominee per identifier kind of SEBI's 2025 rules; the first may operate the account. */
export const nomineeAnswers = [
  { title: 'Mrs', firstName: 'Asha', relation: 'Spouse', dateOfBirth: '15/08/1985', share: 50, identifierKind: 'Aadhaar (last 4 digits only)', identifier: '1234', operates: true },
  { title: 'Mr', firstName: 'Arjun', relation: 'Son', dateOfBirth: '02/03/1999', share: 30, identifierKind: 'PAN', identifier: 'ABCPI1234K', operates: false },
  { title: 'Ms', firstName: 'Meera', relation: 'Daughter', dateOfBirth: '21/11/2001', share: 20, identifierKind: 'Driving licence number', identifier: 'KA0120190001234', operates: false },
];

export const heading = (page: Page, name: Said) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
const radio = (page: Page, name: Said) => page.getByRole('radio', { name: exactly(name), exact: true }).click();

export const picture = (width: number, height: number, format: 'jpeg' | 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 232, g: 238, b: 247 } } })
    .composite([{ input: { create: { width: Math.round(width / 2), height: Math.round(height / 4), channels: 3, background: { r: 30, g: 60, b: 120 } } }, top: 40, left: 40 }])
    [format]()
    .toBuffer();

/** Declarations the applicant makes: ticked if they are not (whether a page ticks them in advance or not). */
export async function tickAll(page: Page, labels: readonly Said[]): Promise<void> {
  for (const label of labels) {
    const box = page.getByRole('checkbox', { name: label });
    if (!(await box.isChecked())) await box.check();
  }
}

export async function signIn(page: Page, server: RunningServer, who: Applicant, seen: Seen, say: Say): Promise<void> {
  await page.goto(`${server.url}/${who.language ? `?lang=${who.language}` : ''}`);
  await page.waitForURL(/\/login(\?|$)/);
  await heading(page, say('Open your Trading Account'));
  // The footer's switch offers every other language, each named in itself.
  const footer = page.getByRole('navigation', { name: say('Terms, privacy and help') });
  for (const name of otherLanguageNames(who.language ?? 'en')) await footer.getByRole('button', { name, exact: true }).waitFor();
  await seen('/login');
  await page.getByLabel(say('Mobile Number')).fill(who.phone);
  await page.getByRole('checkbox', { name: say('I have read the Privacy Notice and agree to the use of my data to open my account.') }).check();
  await page.getByRole('button', { name: say('Send OTP') }).click();
  await page.waitForURL('**/verify-otp');
  await heading(page, say('Verify your Mobile Number'));
  await seen('/verify-otp');
  await page.getByLabel(say('Digit {index} of {length}', { index: '1', length: '4' })).pressSequentially(await server.latestCode(who.phone));
  await page.waitForURL('**/add-email');
  await heading(page, say('Add your Email'));
  await seen('/add-email');
  await page.getByLabel(say('Email')).fill(who.email);
  await page.getByRole('button', { name: say('Send OTP') }).click();
  await page.waitForURL('**/verify-email');
  await heading(page, say('Verify your Email'));
  await seen('/verify-email');
  await page.getByLabel(say('Digit {index} of {length}', { index: '1', length: '4' })).pressSequentially(await server.latestCode(who.email));
}

export async function verifyPan(page: Page, who: Applicant, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/verify-pan');
  await heading(page, say('Verify your PAN'));
  await page.getByRole('button', { name: say('Verify and Continue') }).waitFor();
  await seen('/verify-pan');
  // A mistake first: ten characters that are no PAN.
  await page.getByLabel(say('PAN Number')).pressSequentially('ABCP123456');
  await page.getByText(say('Enter valid PAN Number')).waitFor();
  await seen('/verify-pan (invalid PAN)');
  await page.getByLabel(say('PAN Number')).fill('');
  await page.getByLabel(say('PAN Number')).pressSequentially(who.pan);
  await page.getByPlaceholder(say('Date of birth (in DD/MM/YYYY)')).pressSequentially('15/08/1990');
  await page.getByRole('button', { name: say('Verify and Continue') }).click();
}

/** Digio's Web SDK as its simulator shows it (KYC, selfie, eSign): its dialog, then Approve. */
async function approveInWidget(page: Page, title: string, capture = false): Promise<void> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByText(/^[KD]ID/).waitFor();
  if (capture) {
    await dialog.getByRole('button', { name: 'Capture' }).click();
    await dialog.getByRole('img', { name: 'Captured photo' }).waitFor();
  }
  await dialog.getByRole('button', { name: 'Approve' }).click();
}

export async function kyc(page: Page, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/kyc-verification');
  await heading(page, say('KYC Verification'));
  await seen('/kyc-verification');
  await page.getByRole('button', { name: say('Begin Verification') }).click();
  await approveInWidget(page, 'DigiLocker KYC (sandbox)');
}

export async function panImage(page: Page, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/pan-image-upload');
  await heading(page, say('Upload your PAN Card'));
  await page.getByRole('button', { name: exactly(say('Upload')), exact: true }).waitFor();
  await seen('/pan-image-upload');
  await page.getByTestId('image-pick-input').setInputFiles({ name: 'pan.jpg', mimeType: 'image/jpeg', buffer: await picture(2000, 1500, 'jpeg') });
  const dialog = page.getByRole('dialog', { name: say('Review and crop your PAN card') });
  await dialog.getByRole('slider', { name: say('Zoom') }).waitFor();
  await seen('/pan-image-upload (crop)');
  await dialog.getByRole('button', { name: say('Next') }).click();
  await page.getByRole('img', { name: say('Your PAN card') }).waitFor();
  await page.getByRole('button', { name: exactly(say('Upload')), exact: true }).click();
}

export async function personalDetails(page: Page, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/personal-details');
  await heading(page, say('What is your gender?'));
  await seen('/personal-details');
  await radio(page, say('Female'));
  await heading(page, say('What is your marital status?'));
  await radio(page, say('Married'));
  await heading(page, say('What is your occupation?'));
  await radio(page, say('Private Sector'));
  await heading(page, say('What is your annual income?'));
  await radio(page, say('10-25 Lac'));
  await heading(page, say('How long have you been trading?'));
  await radio(page, say('Between 2 to 5 years'));
  await heading(page, say("Your Parents' Names"));
  await page.getByLabel(say("Father's / Parent's Name")).fill(answers.fatherName);
  await page.getByLabel(say("Mother's Name")).fill(answers.motherName);
  await page.getByRole('button', { name: say('Next') }).click();
  await heading(page, say('Choose your Trading Segments'));
  await seen('/personal-details (segments)');
  await page.getByRole('checkbox', { name: say('Equity Derivatives') }).check();
  // SEBI's risk disclosure comes with F&O; the applicant reads it and ticks the acknowledgement, and the declaration.
  await page.getByRole('region', { name: say('Risk disclosures on derivatives') }).waitFor();
  await seen('/personal-details (F&O risk disclosure)');
  await page.getByRole('checkbox', { name: say('I have read and understood the risk disclosures on derivatives') }).check();
  await tickAll(page, [say('I agree to the other options below')]);
  await page.getByRole('button', { name: say('Next') }).click();
}

export async function taxResidency(page: Page, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/tax-residency');
  await heading(page, say('Tax Residency'));
  await page.getByRole('button', { name: say('Continue') }).waitFor();
  await seen('/tax-residency');
  await page.getByRole('radio', { name: exactly(say('No')), exact: true }).check();
  await page.getByLabel(say('Place of birth')).fill(answers.placeOfBirth);
  // India is chosen already: its value (the same in every language; the option reads as the language words it).
  expect(await page.getByLabel(say('Country of birth')).inputValue()).toBe('India');
  await page.getByRole('button', { name: say('Continue') }).click();
}

export async function bankByUpi(page: Page, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/link-bank-account');
  await heading(page, say('Link your Bank Account'));
  await seen('/link-bank-account');
  await page.getByRole('button', { name: say('Continue') }).click();
  await heading(page, say('Scan QR Code to Verify Bank'));
  // The payment request: the UPI app's button on a phone, the QR code on a wider screen.
  await page.getByRole('link', { name: say('Open UPI app') }).or(page.getByRole('img', { name: say('UPI QR code to pay Rs 1') })).waitFor();
  await seen('/link-bank-account (UPI)');
  await page.getByRole('button', { name: say('Simulate payment (sandbox)') }).click();
}

export async function selfie(page: Page, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/verify-image');
  await heading(page, say('Liveness Check'));
  // Seen once the widget's code is there: the button leaves its loading look first.
  await page.locator('button:not(.ant-btn-loading)', { hasText: say('Open Camera') }).waitFor();
  await seen('/verify-image');
  await page.getByRole('button', { name: say('Open Camera') }).click();
  await approveInWidget(page, 'Liveness selfie (sandbox)', true);
}

export async function declarationAndSignature(page: Page, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/sign-onboarding-form');
  await heading(page, say('Declarations and Signature'));
  await page.getByRole('button', { name: say('Draw Signature') }).waitFor();
  await seen('/sign-onboarding-form');
  // Not an Indian citizen: the warning that NRIs cannot be onboarded; then the box is ticked again.
  const citizen = page.getByRole('checkbox', { name: say('I am an Indian citizen') });
  const warning = page.getByRole('dialog', { name: say('Indian citizens only') });
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
    await warning.getByRole('button', { name: say('OK') }).click();
    await warning.waitFor({ state: 'detached' });
  }
  await citizen.check();
  await tickAll(page, [say('No regulatory action has been taken against me in the last 3 years'), say('I am not a politically exposed person (PEP) or related to one')]);
  await drawSignature(page, seen, say, '/sign-onboarding-form (signature pad)');
  await page.getByRole('img', { name: exactly(say('Your signature')), exact: true }).waitFor();
  await page.getByRole('button', { name: say('Save and Continue') }).click();
}

/** Draw Signature: a stroke across the pad once its dialog has stopped sliding in, then the pad's Upload. */
export async function drawSignature(page: Page, seen: Seen, say: Say, route: string): Promise<void> {
  await page.getByRole('button', { name: say('Draw Signature') }).click();
  const pad = page.getByRole('dialog', { name: say('Draw your signature') });
  const canvas = pad.getByRole('img', { name: say('Signature pad: draw your signature here') });
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
  await pad.locator('.signature-actions').getByRole('button', { name: say('Upload') }).click();
  await pad.waitFor({ state: 'detached' });
}

/** Picks `option` and waits for the list to close, so the next field's list never opens while this one is closing. */
async function pickFromSelect(page: Page, label: Said, option: Said, scope: Page | Locator = page): Promise<void> {
  await scope.getByRole('combobox', { name: exactly(label), exact: true }).click();
  await clickOptionUntilClosed(page, openList(page).getByText(exactly(option), { exact: true }));
}

export async function nominee(page: Page, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/add-nominee');
  await heading(page, say('Add Nominee'));
  await page.getByRole('button', { name: exactly(say('Save')), exact: true }).waitFor();
  await seen('/add-nominee');
  // Save with nothing filled in: every problem marked, the first focused, the toast says why.
  await page.getByRole('button', { name: exactly(say('Save')), exact: true }).click();
  await page.getByText(say('Invalid Details')).waitFor();
  await page.getByText(say('Please select title')).waitFor();
  // An empty field says it is required (never 'Invalid mobile number').
  await page.getByText(say('Mobile Number is required')).waitFor();
  await seen('/add-nominee (empty Save)');
  // SEBI (2025): one nominee per identifier the rule names, shares adding up to 100, one adult who may operate the account.
  for (const [index, nominee] of nomineeAnswers.entries()) {
    if (index > 0) await page.getByRole('button', { name: say('+ Add another nominee details') }).click();
    const card = page.getByRole('region', { name: say('Nominee {number}', { number: String(index + 1) }) });
    await pickFromSelect(page, say('Title'), say(nominee.title), card);
    await card.getByLabel(say('First Name')).fill(nominee.firstName);
    await card.getByLabel(say('Last Name')).fill(answers.nomineeLastName);
    await pickFromSelect(page, say('Relationship'), say(nominee.relation), card);
    await card.getByPlaceholder(/DD\/MM\/YYYY/).pressSequentially(nominee.dateOfBirth);
    await card.getByLabel(say('Mobile Number')).fill('9876543210');
    await card.getByLabel(say('Email')).fill(answers.nomineeEmail);
    await card.getByLabel(say('Address Line 1')).fill(answers.nomineeAddress);
    await card.getByLabel(say('Pincode')).fill('560001');
    await card.getByText(/Bengaluru/).first().waitFor({ timeout: 10_000 });
    await card.getByLabel(say('Share (%)')).fill(String(nominee.share));
    await pickFromSelect(page, say('Identifier'), say(nominee.identifierKind), card);
    await card.getByLabel(say('Identifier number'), { exact: true }).fill(nominee.identifier);
    await card.getByTestId('image-pick-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: await picture(800, 500, 'png') });
    await card.getByRole('img', { name: say("Nominee's proof of identity") }).waitFor();
    if (nominee.operates) await card.getByRole('checkbox', { name: say('This nominee may operate my account if I am physically incapacitated (one adult nominee at most)') }).check();
  }
  // The summary lists every nominee with their share; the total says 100.
  await page.getByRole('region', { name: say('Your nominees') }).getByText(`3. ${nomineeAnswers[2]!.firstName} ${answers.nomineeLastName}: ${nomineeAnswers[2]!.share}%`).waitFor();
  await seen('/add-nominee (three nominees, one per identifier)');
  await page.getByRole('button', { name: exactly(say('Save')), exact: true }).click();
  // Three proofs, each decoded, re-encoded and sealed by the server: seen taking over 30 s on a loaded 2-core machine.
  await page.waitForURL('**/add-income-details', { timeout: 60_000 });
}

/** A single holder who does not nominate: Skip opens SEBI's opt-out declaration, which they tick and confirm. */
export async function nomineeOptOut(page: Page, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/add-nominee');
  await heading(page, say('Add Nominee'));
  await page.getByRole('button', { name: say('Skip') }).waitFor();
  await seen('/add-nominee');
  await page.getByRole('button', { name: say('Skip') }).click();
  const dialog = page.getByRole('dialog', { name: say('I do not wish to nominate') });
  await dialog.getByText(/do not wish to appoint any nominee/).waitFor();
  await seen('/add-nominee (opt-out declaration)');
  // Confirming without the tick: the declaration is the applicant's own act, so the dialog says what is missing.
  await dialog.getByRole('button', { name: say('Confirm and skip') }).click();
  await dialog.getByText(say('Tick the box to make the declaration, or add a nominee instead')).waitFor();
  await seen('/add-nominee (opt-out unticked)');
  await dialog.getByRole('checkbox', { name: say('I have read this declaration and make it') }).check();
  await dialog.getByRole('button', { name: say('Confirm and skip') }).click();
}

export async function incomeProofByAggregator(page: Page, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/add-income-details');
  await heading(page, say('Enable F&O Trading'));
  await seen('/add-income-details');
  // The manual upload's errors first, then back to the aggregator.
  await page.getByRole('radio', { name: say('Upload Income Proof') }).click();
  await page.getByRole('button', { name: say('Next') }).click();
  await heading(page, say('Upload Income Proof'));
  // The form's code loads when it is first shown.
  await page.getByRole('button', { name: say('Next') }).waitFor();
  await seen('/add-income-details (manual)');
  await page.getByRole('button', { name: say('Next') }).click();
  await page.getByText(say('must select document type to be uploaded')).waitFor();
  await seen('/add-income-details (manual errors)');
  await page.getByRole('button', { name: say('Back') }).click();
  await heading(page, say('Enable F&O Trading'));
  await page.getByRole('radio', { name: say('Automatic Verification') }).click();
  await page.getByRole('button', { name: say('Next') }).click();
  await page.waitForURL('**/sim/setu/v2/consents/webview/**');
  await page.getByRole('heading', { name: 'Setu account aggregator (simulator)' }).waitFor();
  await page.getByRole('button', { name: 'Approve' }).click();
}

/** The MITC before eSign: read in its region, never ticked for the applicant (Acknowledge unticked says so), then ticked. */
export async function acknowledgeMitc(page: Page, say: Say): Promise<void> {
  await page.getByRole('region', { name: say('Most Important Terms and Conditions (MITC)') }).waitFor();
  const box = page.getByRole('checkbox', { name: say('I have read and understood the Most Important Terms and Conditions') });
  expect(await box.isChecked()).toBe(false);
  await page.getByRole('button', { name: say('Acknowledge and continue') }).click();
  await page.getByRole('alert').getByText(say('Tick the box to acknowledge the Most Important Terms and Conditions')).waitFor();
  await box.check();
  await page.getByRole('button', { name: say('Acknowledge and continue') }).click();
  await page.getByRole('link', { name: say('Most Important Terms and Conditions (MITC)') }).waitFor();
}

/** `nominated`: the applicant named nominees (the preview lists them) rather than opting out (its declaration does). */
export async function esign(page: Page, seen: Seen, say: Say, nominated = true): Promise<void> {
  await page.waitForURL('**/aadhaar-esign');
  await heading(page, say('Aadhaar eSign'));
  await page.getByRole('region', { name: say('Most Important Terms and Conditions (MITC)') }).waitFor();
  await seen('/aadhaar-esign (MITC)');
  await acknowledgeMitc(page, say);
  const items = page.getByRole('list', { name: say('Documents to Sign') }).getByRole('listitem');
  await items.first().waitFor();
  await seen('/aadhaar-esign');
  // 'Preview what you sign': every section of the form as saved, read once opened; each nominee under a heading of
  // their own, the account number masked.
  await page.locator('summary').getByText(exactly(say('Preview What You Sign'))).click();
  const section = (title: string) => page.locator('.esign-preview-section').filter({ has: page.locator('summary').getByText(exactly(say(title)), { exact: true }) });
  if (nominated) {
    await section('Nominees').locator('summary').click();
    const nominees = section('Nominees').getByRole('heading', { level: 2 });
    await nominees.nth(nomineeAnswers.length - 1).waitFor();
    expect(await nominees.allTextContents()).toEqual(nomineeAnswers.map(({ firstName }, index) => expect.stringMatching(new RegExp(`${index + 1}: ${firstName} ${answers.nomineeLastName}$`))));
  } else {
    // No nominees to list: the opt-out is among the declarations, in its own words.
    expect(await section('Nominees').count()).toBe(0);
    await section('Declarations').locator('summary').click();
    await section('Declarations').getByText(exactly(say('I do not wish to nominate'))).waitFor();
  }
  await section('Bank account').locator('summary').click();
  await section('Bank account').getByText(/^X+\d{4}$/).waitFor();
  await seen('/aadhaar-esign (preview)');
  const names = await items.locator('strong').allTextContents();
  for (const [index, name] of names.entries()) {
    await items.filter({ hasText: name }).getByRole('button', { name: say('Sign') }).click();
    await approveInWidget(page, 'Aadhaar eSign (sandbox)');
    // The last signature sends the application for verification and the page moves on (see `pending`).
    if (index < names.length - 1) await items.filter({ hasText: name }).getByText(exactly(say('Signed')), { exact: true }).waitFor();
  }
}

export async function pending(page: Page, seen: Seen, say: Say): Promise<void> {
  await page.waitForURL('**/completed');
  await heading(page, say('KYC Verification Pending'));
  await seen('/completed');
}

import { join } from 'node:path';
import type { Page } from '../browser';
import { setPanRecord, setProgress, type Progress, type ServerWithDb } from '../fixtures';
import { signInNewApplicant } from '../journey';
import { acknowledgeMitc, picture, type Seen } from './steps';

/**
 * Screens and error states off the golden path, for npm run screenshots: each from a fresh applicant moved to the
 * step by the database, as the other browser tests do. `prefix` keeps the phones of the two viewports apart.
 */
const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });
const incomePdf = join(import.meta.dirname, '..', '..', 'fixtures', 'income-proof', 'plain.pdf');

export async function extraScreens(page: Page, env: ServerWithDb, prefix: string, seen: Seen): Promise<void> {
  let count = 0;
  const applicant = async (progress: Progress, route: string, verifiedPan = true) => {
    count += 1;
    const phone = `${prefix}${String(count).padStart(2, '0')}`;
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await signInNewApplicant(page, env.server, phone, `extra.${phone}@example.in`);
    if (verifiedPan) await setPanRecord(env.db, phone, { pan: `ABCPS${phone.slice(-4)}F`, name: 'SNEHA SHARMA', dateOfBirth: '15/08/1990' });
    await setProgress(env.db, phone, progress);
    await page.goto(`${env.server.url}${route}`);
  };

  // Sign-in mistakes.
  await page.goto(`${env.server.url}/login`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${env.server.url}/login`);
  await heading(page, 'Open your Trading Account');
  await page.getByLabel('Mobile Number').fill('5123');
  await page.getByText('Mobile number is not valid').waitFor();
  await seen('/login (invalid number)');

  // PAN: the registry's refusal, and the date-of-birth page.
  await applicant({ currentStep: 'email_verification', nextStep: 'pan_verification' }, '/verify-pan', false);
  await heading(page, 'Verify your PAN');
  await page.getByLabel('PAN Number').pressSequentially('ABCPE0000F');
  await page.getByPlaceholder('Date of birth (in DD/MM/YYYY)').pressSequentially('15/08/1990');
  await page.getByRole('button', { name: 'Verify and Continue' }).click();
  await page.getByText('PAN not found in KRA records').first().waitFor();
  await seen('/verify-pan (not in the registry)');
  await page.goto(`${env.server.url}/change-dob`);
  await heading(page, 'Change your Date of Birth');
  await seen('/change-dob');

  // Personal details, a page at a time, the parents' names too short, the F&O warning.
  await applicant({ currentStep: 'pan_image_upload', nextStep: 'personal_details' }, '/personal-details');
  for (const [question, answer] of [
    ['What is your gender?', 'Male'],
    ['What is your marital status?', 'Unmarried'],
    ['What is your occupation?', 'Business'],
    ['What is your annual income?', 'Below Rs 1 Lac'],
    ['How long have you been trading?', 'Below 1 year'],
  ] as const) {
    await heading(page, question);
    await seen(`/personal-details (${question})`);
    await page.getByRole('radio', { name: answer, exact: true }).click();
  }
  await heading(page, "Your Parents' Names");
  await page.getByLabel("Father's / Parent's Name").fill('Raj');
  await page.getByLabel("Mother's Name").fill('Sita Devi');
  await page.getByText('Enter more than 3 characters').waitFor();
  await seen("/personal-details (parents' names too short)");
  await page.getByLabel("Father's / Parent's Name").fill('Rajesh Kumar');
  await page.getByRole('button', { name: 'Next' }).click();
  await heading(page, 'Choose your Trading Segments');
  await page.getByRole('checkbox', { name: /^Equity Derivatives/ }).check();
  await page.getByRole('button', { name: 'Reselect Income' }).waitFor();
  await seen('/personal-details (F&O with a low income)');

  // Bank: the manual flow, its confirm dialog and the name-mismatch failure.
  await applicant({ currentStep: 'personal_details', nextStep: 'bank_details' }, '/link-bank-account');
  await heading(page, 'Link your Bank Account');
  await page.getByRole('radio', { name: /Enter bank details manually/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await heading(page, 'Enter your Bank Details');
  // The form's code loads when it is first shown.
  await page.getByRole('textbox', { name: 'Bank', exact: true }).waitFor();
  await seen('/link-bank-account (manual)');
  await page.getByRole('textbox', { name: 'Bank', exact: true }).fill('hdfc');
  await page.getByRole('button', { name: /HDFC Bank/ }).first().click();
  await page.getByRole('textbox', { name: 'IFSC or branch' }).fill('HDFC0000001');
  await page.getByRole('button', { name: /HDFC0000001/ }).click();
  await page.getByRole('dialog', { name: 'Is this your branch?' }).getByText('HDFC0000001').waitFor();
  await seen('/link-bank-account (confirm the branch)');
  await page.getByRole('button', { name: 'Looks Good' }).click();
  await page.getByLabel('Account Number').fill('123456781111');
  await seen('/link-bank-account (account number)');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('p[role="alert"]').waitFor();
  await seen('/link-bank-account (name mismatch)');

  // Signature: the upload's guidelines and the crop dialog.
  await applicant({ currentStep: 'liveliness_detection', nextStep: 'declaration' }, '/sign-onboarding-form');
  await heading(page, 'Declarations and Signature');
  await page.getByRole('button', { name: 'Upload Signature' }).click();
  await page.getByRole('dialog', { name: 'Upload your signature' }).waitFor();
  await seen('/sign-onboarding-form (upload guidelines)');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('dialog', { name: 'Upload your signature' }).getByRole('button', { name: 'Choose Image' }).click();
  await (await chooser).setFiles({ name: 'signature.png', mimeType: 'image/png', buffer: await picture(1200, 500, 'png') });
  await page.getByRole('dialog', { name: 'Review and crop your signature' }).getByRole('button', { name: 'Move up' }).waitFor();
  await seen('/sign-onboarding-form (crop)');

  // Nominees: a minor with a guardian, shares that do not add up.
  await applicant({ currentStep: 'signature', nextStep: 'nominee' }, '/add-nominee');
  await heading(page, 'Add Nominee');
  await page.getByPlaceholder(/DD\/MM\/YYYY/).first().pressSequentially(`01/01/${new Date().getFullYear() - 8}`);
  await page.getByText('Guardian (the nominee is under 18)').waitFor();
  await page.getByLabel('Share (%)').first().fill('60');
  await page.getByRole('button', { name: '+ Add another nominee details' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Invalid Details').first().waitFor();
  await seen('/add-nominee (a minor, shares at 60%)');

  // Income proof: the manual form with a PDF chosen and a password asked.
  await applicant({ currentStep: 'nominee', nextStep: 'income_proof' }, '/add-income-details');
  await heading(page, 'Enable F&O Trading');
  await page.getByRole('radio', { name: /Upload Income Proof/ }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await heading(page, 'Upload Income Proof');
  await page.getByLabel('Document type').selectOption('Bank Statement');
  await page.getByLabel('Income proof (PDF)').setInputFiles(incomePdf);
  await page.getByText('plain.pdf', { exact: true }).waitFor();
  await page.getByLabel('This PDF is password protected').check();
  await seen('/add-income-details (a PDF chosen, its password asked)');
  await page.goto(`${env.server.url}/income-proof/callback?id=UNKNOWN`);
  await seen('/income-proof/callback');

  // eSign with its preview open.
  await applicant({ currentStep: 'income_proof', nextStep: 'aadhaar_e_sign_documents' }, '/aadhaar-esign');
  await heading(page, 'Aadhaar eSign');
  await acknowledgeMitc(page, (english) => english);
  await page.getByRole('list', { name: 'Documents to Sign' }).getByRole('listitem').first().waitFor();
  await page.getByText('Preview What You Sign').click();
  await seen('/aadhaar-esign (preview)');

  // Re-verification.
  await applicant({ currentStep: 'aadhaar_e_sign_documents', nextStep: 're_verification' }, '/');
  await heading(page, 'Re-Verification Required');
  await seen('/re-verification');

  // Family members on one number: the list, and the declaration asked for.
  await applicant({ currentStep: 'email_verification', nextStep: 'pan_verification' }, '/applications');
  await heading(page, 'Applications on This Mobile Number');
  await seen('/applications');
  await page.getByRole('button', { name: 'Declare and Open Application' }).click();
  await page.getByRole('alert').filter({ hasText: 'Choose whose mobile number this is' }).waitFor();
  await seen('/applications (whose number, not said)');
}

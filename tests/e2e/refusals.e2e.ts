import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession, type Page } from './browser';
import { setPanRecord, setProgress, startServerWithDb, type ServerWithDb } from './fixtures';
import { exactly, sayIn, type Said, type Say } from './golden/journey-language';
import { heading, tickAll } from './golden/steps';
import { onScreen } from './on-screen';

/**
 * Issue 32, done when: on a phone (390×844), in every language, each refusal of the journey met in turn, its words
 * found inside the viewport as the applicant stands (no scrolling): a toast above the bottom edge, an inline error
 * beside the form it refuses. "Seen" is onScreen, not Playwright's visible (true below the fold too).
 */

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'income-proof');
const phoneSize = { width: 390, height: 844 };

/**
 * The refusal's words, wherever the page shows them (a toast, an alert, a field's error): found, then inside the
 * window at some moment of their life (a toast slides in, and closes after 2 s), in any of the places they show.
 */
async function expectSeen(page: Page, words: Said, where: string): Promise<void> {
  const shown = page.getByText(words).locator('visible=true');
  await shown.first().waitFor({ timeout: 15_000 });
  const anyOnScreen = async () => {
    for (const one of await shown.all()) if (await onScreen(page, one).catch(() => false)) return true;
    return false;
  };
  await expect.poll(anyOnScreen, { message: `${where}: "${String(words)}" is not inside the 390×844 window`, timeout: 3000, interval: 50 }).toBe(true);
}

describe.each([['en'], ['hi']])('every refusal of the journey on a phone, in %s', (language) => {
  let env: ServerWithDb;
  let browser: BrowserSession;
  let say: Say;
  const phone = language === 'en' ? '9876532001' : '9876532002';
  const email = `refusals.${language}@example.in`;

  beforeAll(async () => {
    say = sayIn(language);
    // The branch directory is loaded: the manual bank flow needs a real branch.
    env = await startServerWithDb();
    browser = await openBrowser(phoneSize);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await env?.close();
  });

  /** Puts the applicant at a later step, as the back office's data would, and opens its page. */
  async function at(page: Page, currentStep: string, nextStep: string, route: string, title: Said) {
    await setProgress(env.db, phone, { currentStep, nextStep });
    await page.goto(`${env.server.url}${route}`);
    await heading(page, title);
  }

  it('sign-in, email, PAN, tax residency, bank, signature, nominee and income proof: each refusal on screen', { timeout: 300_000 }, async () => {
    const { page } = browser;
    await page.goto(`${env.server.url}/login?lang=${language}`);
    await heading(page, say('Open your Trading Account'));
    await page.getByLabel(say('Mobile Number')).fill('5123');
    await expectSeen(page, say('Mobile number is not valid'), '/login');
    await page.getByLabel(say('Mobile Number')).fill(phone);
    await page.getByRole('checkbox', { name: say('I have read the Privacy Notice and agree to the use of my data to open my account.') }).check();
    await page.getByRole('button', { name: say('Send OTP') }).click();

    await heading(page, say('Verify your Mobile Number'));
    const code = await env.server.latestCode(phone);
    const digit = say('Digit {index} of {length}', { index: '1', length: '4' });
    await page.getByLabel(digit).pressSequentially(code === '0000' ? '1111' : '0000');
    await expectSeen(page, say('Invalid OTP, please try again'), '/verify-otp');
    await page.getByLabel(digit).pressSequentially(code);

    await heading(page, say('Add your Email'));
    await page.getByLabel(say('Email')).fill('not-an-email');
    await page.getByRole('button', { name: say('Send OTP') }).click();
    await expectSeen(page, say('Enter valid Email Id'), '/add-email');
    await page.getByLabel(say('Email')).fill(email);
    await page.getByRole('button', { name: say('Send OTP') }).click();
    await heading(page, say('Verify your Email'));
    const emailCode = await env.server.latestCode(email);
    await page.getByLabel(digit).pressSequentially(emailCode === '0000' ? '1111' : '0000');
    await expectSeen(page, say('Invalid OTP, please try again'), '/verify-email');
    await page.getByLabel(digit).pressSequentially(emailCode);

    // PAN: a malformed one, then each answer of the KRA that refuses (the sandbox chooses by the PAN's digits).
    await heading(page, say('Verify your PAN'));
    const pan = page.getByLabel(say('PAN Number'));
    await pan.pressSequentially('ABCP123456');
    await expectSeen(page, say('Enter valid PAN Number'), '/verify-pan');
    await page.getByPlaceholder(say('Date of birth (in DD/MM/YYYY)')).pressSequentially('15/08/1990');
    const refusals: [string, Said][] = [
      ['ABCPE0000F', say('PAN not found in KRA records')],
      ['ABCPE1111F', say('Date of birth does not match PAN records')],
      ['ABCPE3333F', say('Your KYC record at the KRA is on hold ({reason}). Please update your KYC with the KRA (through the broker, bank or mutual fund that registered it), then verify your PAN again.')],
      ['ABCPE5000F', say('PAN verification service is unavailable, please try again')],
    ];
    for (const [refused, words] of refusals) {
      await pan.fill('');
      await pan.pressSequentially(refused);
      await page.getByRole('button', { name: say('Verify and Continue') }).click();
      await expectSeen(page, words, `/verify-pan (${refused})`);
    }
    await setPanRecord(env.db, phone, { pan: 'ABCPS6123F', name: 'SNEHA SHARMA', dateOfBirth: '15/08/1990' });

    // Tax residency: a place of birth in Devanagari is asked again in English letters.
    await at(page, 'personal_details', 'tax_residency', '/tax-residency', say('Tax Residency'));
    await page.getByRole('radio', { name: exactly(say('No')), exact: true }).check();
    await page.getByLabel(say('Place of birth')).fill('चेन्नई');
    await page.getByRole('button', { name: say('Continue') }).click();
    await expectSeen(page, say('Write your place of birth in English letters (A-Z), e.g. Chennai'), '/tax-residency');

    // Bank, manual: an account held by someone else.
    await at(page, 'tax_residency', 'bank_details', '/link-bank-account', say('Link your Bank Account'));
    await page.getByRole('radio', { name: say('Enter bank details manually') }).check();
    await page.getByRole('button', { name: say('Continue') }).click();
    await page.getByRole('textbox', { name: exactly(say('Bank')), exact: true }).fill('hdfc');
    await page.getByRole('button', { name: /HDFC Bank/ }).first().click();
    await page.getByRole('textbox', { name: say('IFSC or branch') }).fill('HDFC0000001');
    await page.getByRole('button', { name: /HDFC0000001/ }).click();
    const branch = page.getByRole('dialog', { name: say('Is this your branch?') });
    await branch.getByRole('button', { name: say('Looks Good') }).click();
    await page.getByLabel(say('Account Number')).fill('123456781111');
    await page.getByRole('button', { name: say('Next') }).click();
    await expectSeen(page, say('Account holder name does not match the name on your PAN'), '/link-bank-account (manual)');

    // Declarations and Signature: Save with no signature.
    await at(page, 'liveliness_detection', 'declaration', '/sign-onboarding-form', say('Declarations and Signature'));
    const citizen = page.getByRole('checkbox', { name: say('I am an Indian citizen') });
    if (await citizen.isChecked()) await citizen.uncheck();
    await page.getByRole('button', { name: say('Save and Continue') }).click();
    // An empty Save opens one sheet (the first declaration's); once closed, the first error has focus, in view.
    const sheet = page.getByRole('dialog', { name: say('Indian citizens only') });
    await expectSeen(page, say('Indian citizens only'), '/sign-onboarding-form (Indian citizens only)');
    await sheet.getByRole('button', { name: say('OK') }).click();
    await sheet.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.id === 'root_nri');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await expectSeen(page, say('We can onboard Indian citizens only: NRIs cannot be onboarded'), '/sign-onboarding-form (first error)');
    await citizen.check();
    await tickAll(page, [say('No regulatory action has been taken against me in the last 3 years'), say('I am not a politically exposed person (PEP) or related to one')]);
    await page.getByRole('button', { name: say('Save and Continue') }).click();
    await expectSeen(page, say('Draw or upload your signature'), '/sign-onboarding-form (no signature)');

    // Nominee: Save with nothing filled in.
    await at(page, 'signature', 'nominee', '/add-nominee', say('Add Nominee'));
    await page.getByRole('button', { name: exactly(say('Save')), exact: true }).click();
    await expectSeen(page, say('Invalid Details'), '/add-nominee (empty Save)');
    await expectSeen(page, say('Please select title'), '/add-nominee (empty Save, first field)');

    // Income proof, manual: nothing chosen, a protected PDF with no password, then a wrong one.
    await at(page, 'nominee', 'income_proof', '/add-income-details', say('Enable F&O Trading'));
    await page.getByRole('radio', { name: say('Upload Income Proof') }).click();
    await page.getByRole('button', { name: say('Next') }).click();
    await heading(page, say('Upload Income Proof'));
    const next = page.getByRole('button', { name: say('Next') });
    await next.click();
    await expectSeen(page, say('must select document type to be uploaded'), '/add-income-details (nothing chosen)');
    await page.getByLabel(say('Document type')).selectOption({ index: 1 });
    await page.getByLabel(say('Income proof (PDF)')).setInputFiles(join(fixtures, 'encrypted-aes256.pdf'));
    await page.getByText('encrypted-aes256.pdf', { exact: true }).waitFor();
    await next.click();
    await expectSeen(page, say('This PDF is password protected, please enter its password'), '/add-income-details (protected PDF)');
    await page.getByLabel(say('This PDF is password protected')).check();
    await page.getByLabel(exactly(say('PDF password')), { exact: true }).fill('Wrong-Pass#2026');
    await next.click();
    await expectSeen(page, say('The password for this PDF is incorrect'), '/add-income-details (wrong password)');
  });
});

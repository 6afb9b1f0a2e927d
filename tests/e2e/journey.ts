import { expect } from 'vitest';
import type { Page } from './browser';
import type { RunningServer } from './server';

export interface SignInOptions {
  /** Make the usual mistakes first (a bad number, a wrong code, a bad address) and check each message. */
  mistakes?: boolean;
}

/**
 * A new applicant from the root to /verify-pan: mobile number and OTP, then email and OTP, the codes read
 * from the sandbox outbox as a person would read their phone and inbox.
 */
export async function signInNewApplicant(page: Page, server: RunningServer, phone: string, email: string, options: SignInOptions = {}) {
  await page.goto(`${server.url}/`);
  await page.waitForURL('**/login');
  const phoneInput = page.getByLabel('Mobile Number');
  if (options.mistakes) {
    await phoneInput.fill('5123');
    await page.getByText('Mobile number is not valid').waitFor();
  }
  await phoneInput.fill(phone);
  await acceptPrivacyNotice(page);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.waitForURL('**/verify-otp');

  const code = await server.latestCode(phone);
  if (options.mistakes) {
    // A wrong code first: the error shows under the input and the boxes are cleared.
    await page.getByLabel('Digit 1 of 4').pressSequentially(code === '0000' ? '1111' : '0000');
    await page.getByText('Invalid OTP, please try again').waitFor();
    expect(await page.getByLabel('Digit 1 of 4').inputValue()).toBe('');
  }
  await page.getByLabel('Digit 1 of 4').pressSequentially(code);

  await page.waitForURL('**/add-email');
  if (options.mistakes) {
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByText('Enter valid Email Id').waitFor();
  }
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.waitForURL('**/verify-email');
  await page.getByLabel('Digit 1 of 4').pressSequentially(await server.latestCode(email));
  await page.waitForURL('**/verify-pan');
}

/** Ticks /login's Privacy Notice box, as every applicant does before Send OTP (it is never ticked for them). */
export async function acceptPrivacyNotice(page: Page): Promise<void> {
  await page.getByRole('checkbox', { name: /I have read the Privacy Notice/ }).check();
}

/** The auth token the app stored, for checking the server's view of the applicant. */
export async function storedToken(page: Page): Promise<string> {
  const raw = await page.evaluate(() => window.localStorage.getItem('authToken'));
  if (!raw) throw new Error('no auth token in local storage');
  return JSON.parse(raw) as string;
}

import { expect } from 'vitest';
import type { Page } from './browser';
import type { RunningServer } from './server';
import { storageKeys } from '../../src/state/persisted';
import { noticeVersion } from '../server/notice-version';
import { routeAfter } from '../fixtures/flow-config';

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

/**
 * A new applicant signed in and email-verified through the API (the sign-in screens are sign-in.e2e's and the golden
 * journeys'), then this browser opened as theirs: the token and number stored where the app keeps them after
 * /verify-otp, and their next step opened (/verify-pan), where the screens leave them.
 */
export async function signedInThroughApi(page: Page, server: RunningServer, phone: string, email: string): Promise<void> {
  const token = await signedUpThroughApi(server, phone, email);
  // Any page of the app's origin that is not the app, so the storage is set before the app first reads it.
  await page.goto(`${server.url}/api/health`);
  await page.evaluate(
    ({ stored, signInSteps }) => {
      for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
      // What an earlier applicant's sign-in left in this tab; the screens would have written this one's.
      for (const key of signInSteps) sessionStorage.removeItem(key);
    },
    {
      stored: { [storageKeys.authToken]: JSON.stringify(token), [storageKeys.mobileNumber]: JSON.stringify(phone) },
      signInSteps: [storageKeys.verifyToken, storageKeys.acceptedNotice, storageKeys.email],
    },
  );
  const firstStep = routeAfter('email_verification');
  await page.goto(`${server.url}${firstStep}`);
  await page.waitForURL(`**${firstStep}`);
}

/** A new applicant through their own API: signed up, the Privacy Notice accepted, email verified. Their token. */
export async function signedUpThroughApi(server: RunningServer, phone: string, email: string): Promise<string> {
  const { token: verifyToken } = await apiPost<{ token: string }>(server, '/signup', { phone });
  const { token } = await apiPost<{ token: string }>(server, '/verify/mobile-otp', { phone, otp: await server.latestCode(phone), noticeVersion }, { 'x-verify-token': verifyToken });
  await apiPost(server, '/user/add-email', { email }, { 'x-access-token': token });
  await apiPost(server, '/user/verify-email', { email, otp: await server.latestCode(email) }, { 'x-access-token': token });
  return token;
}

/** POST to the applicant API (`/api/...`) with a JSON body; it must answer 200. Its answer. */
export async function apiPost<T = unknown>(server: RunningServer, path: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from './browser';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
let browser: BrowserSession;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser({ width: 390, height: 844 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('a new applicant signs in by mobile OTP, verifies an email, keeps the session on reload and logs out', async () => {
  const { page } = browser;
  const phone = '9876501234';
  const email = 'asha.verma@example.in';

  await page.goto(`${server.url}/`);
  await page.waitForURL('**/login');
  const phoneInput = page.getByLabel('Mobile Number');
  await phoneInput.fill('5123');
  await page.getByText('Mobile number is not valid').waitFor();
  await phoneInput.fill(phone);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.waitForURL('**/verify-otp');

  // A wrong code first: the error shows under the input and the boxes are cleared.
  const code = await server.latestCode(phone);
  const wrong = code === '0000' ? '1111' : '0000';
  await page.getByLabel('Digit 1 of 4').pressSequentially(wrong);
  await page.getByText('Invalid OTP, please try again').waitFor();
  expect(await page.getByLabel('Digit 1 of 4').inputValue()).toBe('');
  await page.getByLabel('Digit 1 of 4').pressSequentially(code);

  await page.waitForURL('**/add-email');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.getByText('Enter valid Email Id').waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await page.waitForURL('**/verify-email');
  await page.getByLabel('Digit 1 of 4').pressSequentially(await server.latestCode(email));
  await page.waitForURL('**/verify-pan');

  const token = await page.evaluate(() => window.localStorage.getItem('authToken'));
  expect(token).toBeTruthy();

  await page.reload();
  await page.waitForURL('**/verify-pan');
  expect(page.url()).not.toContain('/login');

  await page.goto(`${server.url}/`);
  await page.getByText('Resume your Application').waitFor();
  await page.getByText('2 of 14 steps').waitFor();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');

  const after = await fetch(`${server.url}/api/user`, { headers: { 'x-access-token': JSON.parse(token!) as string } });
  expect(after.status).toBe(401);
  expect(browser.cspViolations).toEqual([]);
});

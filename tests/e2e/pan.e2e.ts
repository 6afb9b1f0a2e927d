import { afterAll, beforeAll, expect, it } from 'vitest';
import type { UserResponse } from '../../core/api/types';
import { nextAfter, routeAfter } from '../fixtures/flow-config';
import { openBrowser, type BrowserSession } from './browser';
import { signedInThroughApi, storedToken } from './journey';
import { startServer, type RunningServer } from './server';

let server: RunningServer;
let browser: BrowserSession;

beforeAll(async () => {
  server = await startServer({ bank: { branchSnapshot: false } });
  browser = await openBrowser({ width: 390, height: 844 });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

it('a signed-in applicant verifies a PAN (after one invalid PAN) and reaches KYC verification', async () => {
  const { page } = browser;
  await signedInThroughApi(page, server, '9876502345', 'ravi.patel@example.in');

  await page.getByRole('heading', { level: 1, name: 'Verify your PAN' }).waitFor();
  const pan = page.getByLabel('PAN Number');
  const submit = page.getByRole('button', { name: 'Verify and Continue' });
  await pan.pressSequentially('abcd12345f'); // lowercase on purpose: the field raises it
  await page.getByText('Enter valid PAN Number').waitFor();
  expect(await pan.inputValue()).toBe('ABCD12345F');

  const dob = page.getByPlaceholder('Date of birth (in DD/MM/YYYY)');
  await dob.click();
  await dob.pressSequentially('15/08/1990');
  await dob.press('Tab');
  expect(await submit.isDisabled()).toBe(true); // the PAN is still wrong

  // The sandbox registry: 4th letter P is an individual, found with a name.
  await pan.fill('');
  await pan.pressSequentially('ABCPE1234F');
  await expect.poll(() => submit.isDisabled()).toBe(false);
  await submit.click();

  await page.getByText('PAN card Verified Successfully!').waitFor();
  await page.waitForURL(`**${routeAfter('pan_verification')}`);

  const response = await fetch(`${server.url}/api/user`, { headers: { 'x-access-token': await storedToken(page) } });
  const { user } = (await response.json()) as UserResponse;
  expect({ pan: user.pan, dateOfBirth: user.dateOfBirth, nextStep: user.nextStep }).toEqual({
    pan: 'ABCPE1234F',
    dateOfBirth: '15/08/1990',
    nextStep: nextAfter('pan_verification'),
  });
  expect(user.name).toBeTruthy();
  expect(browser.cspViolations).toEqual([]);
});

import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import type { UserResponse } from '../../core/api/types';
import { simulatedAddress, simulatedName } from '../../server/providers/kra/simulated-kra';
import { nextAfter, routeAfter } from '../fixtures/flow-config';
import { axeFindings, describeFindings } from './axe';
import { openBrowser, type BrowserSession } from './browser';
import { type ServerWithDb, setProgress, startServerWithDb } from './fixtures';
import { signedInThroughApi, storedToken } from './journey';

/**
 * The KRA's answer shapes the PAN step (flow.json kra), in the browser, against the CAMS simulator: a validated record
 * to confirm on /confirm-pan, on hold refused with the KRA's reason and what to do, and the status page naming the
 * applicant's KRA status.
 */

let env: ServerWithDb;
let browser: BrowserSession;

beforeAll(async () => {
  env = await startServerWithDb({ bank: { branchSnapshot: false } });
});

// Each applicant in a browser of their own (signed out, nothing stored).
beforeEach(async () => {
  browser = await openBrowser({ width: 390, height: 844 });
});

afterEach(async () => {
  await browser?.close();
});

afterAll(async () => {
  await env?.close();
});

async function submitPan(page: Page, pan: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Verify your PAN' }).waitFor();
  await page.getByLabel('PAN Number').fill(pan);
  const dob = page.getByPlaceholder('Date of birth (in DD/MM/YYYY)');
  await dob.click();
  await dob.pressSequentially('15/08/1990');
  await dob.press('Tab');
  await page.getByRole('button', { name: 'Verify and Continue' }).click();
}

async function me(page: Page): Promise<UserResponse['user']> {
  const response = await fetch(`${env.server.url}/api/user`, { headers: { 'x-access-token': await storedToken(page) } });
  return ((await response.json()) as UserResponse).user;
}

it('validated: the KRA record (name, date of birth, address) to confirm, no retyping; "Not my Details" goes back; Confirm completes the step', async () => {
  const { page } = browser;
  await signedInThroughApi(page, env.server, '9876507771', 'kra.validated@example.in');
  await submitPan(page, 'ABCPS7777F');
  await page.waitForURL('**/confirm-pan');
  await page.getByRole('heading', { level: 1, name: 'Confirm your Details' }).waitFor();
  const address = simulatedAddress('ABCPS7777F');
  for (const shown of [simulatedName('ABCPS7777F'), '15/08/1990', 'ABCPS7777F', address.line1, address.line2, `${address.city} ${address.pincode}`, address.state]) {
    await page.getByText(shown, { exact: true }).waitFor();
  }
  expect(describeFindings(await axeFindings(page))).toEqual([]);
  // Nothing is stored until the applicant confirms.
  expect((await me(page)).pan).toBeNull();

  await page.getByRole('button', { name: 'Not my Details' }).click();
  await page.waitForURL('**/verify-pan');
  await submitPan(page, 'ABCPS7777F');
  await page.waitForURL('**/confirm-pan');
  await page.getByRole('button', { name: 'Confirm and Continue' }).click();
  await page.getByText('PAN card Verified Successfully!').waitFor();
  await page.waitForURL(`**${routeAfter('pan_verification')}`);
  expect(await me(page)).toMatchObject({ pan: 'ABCPS7777F', kraStatus: 'validated', nextStep: nextAfter('pan_verification'), kraAddress: address });
  expect(browser.cspViolations).toEqual([]);
});

it('on hold: refused with the KRA\'s reason and what to do, on the PAN page, announced', async () => {
  const { page } = browser;
  await signedInThroughApi(page, env.server, '9876503331', 'kra.onhold@example.in');
  await submitPan(page, 'ABCPE3333F');
  const message =
    'Your KYC record at the KRA is on hold (Address proof not clear). Please update your KYC with the KRA (through the broker, bank or mutual fund that registered it), then verify your PAN again.';
  await page.getByRole('alert').filter({ hasText: message }).first().waitFor();
  expect(page.url()).toMatch(/\/verify-pan$/);
  expect((await me(page)).pan).toBeNull();
  expect(describeFindings(await axeFindings(page))).toEqual([]);
});

it('the status page names the KRA status (here a rejected record, which took the fresh-KYC way)', async () => {
  const { page } = browser;
  await signedInThroughApi(page, env.server, '9876504441', 'kra.rejected@example.in');
  await submitPan(page, 'ABCPS4444F');
  await page.getByText('PAN card Verified Successfully!').waitFor();
  await page.waitForURL(`**${routeAfter('pan_verification')}`);
  await setProgress(env.db, '9876504441', { currentStep: 'aadhaar_e_sign_documents', nextStep: 'verification_pending' });
  await page.goto(`${env.server.url}/completed`);
  await page.getByText('KYC at the KRA: Rejected: a fresh KYC is done with DigiLocker').waitFor();
  expect(describeFindings(await axeFindings(page))).toEqual([]);
});

import { expect } from 'vitest';
import { axeFindings, describeFindings } from './axe';
import type { Page } from './browser';
import type { ServerWithDb } from './fixtures';

/** What the back-office browser tests share: a page's heading, axe at both sizes, signing in by email code. */

export const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

/** axe-core on the page as it stands, at phone and desktop size: no serious or critical violation. */
export async function accessible(page: Page): Promise<void> {
  for (const size of [{ width: 390, height: 844 }, { width: 1366, height: 768 }]) {
    await page.setViewportSize(size);
    expect(describeFindings(await axeFindings(page)), `${page.url()} at ${size.width}px`).toEqual([]);
  }
}

/** Signs in at /ops by keyboard, as a new person at this browser: the email, Enter, then the code from the sandbox outbox; waits for `landing`'s heading. */
export async function signInToConsole(env: ServerWithDb, page: Page, email: string, landing: string): Promise<void> {
  // Whoever signed in last in this browser is signed out first: their session would open the console as them.
  await page.context().clearCookies();
  await page.goto(`${env.server.url}/ops`);
  await heading(page, 'Sign in');
  await page.getByLabel('Work email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await page.getByText(`We emailed a 6-digit code to ${email}.`).waitFor();
  await page.keyboard.type(await env.server.latestCode(email));
  await heading(page, landing);
}

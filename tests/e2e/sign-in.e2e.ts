import { afterAll, beforeAll, expect, it } from 'vitest';
import { progress } from '../../core/engine/progress';
import { loadConfig } from '../../server/config/load-config';
import { openBrowser, type BrowserSession } from './browser';
import { signInNewApplicant, storedToken } from './journey';
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

it('a new applicant signs in by mobile OTP, verifies an email, keeps the session on reload and logs out', async () => {
  const { page } = browser;
  await signInNewApplicant(page, server, '9876501234', 'asha.verma@example.in', { mistakes: true });
  const token = await storedToken(page);

  await page.reload();
  await page.waitForURL('**/verify-pan');
  // The same session, not a new one: the token survived the reload and still opens the applicant's record.
  expect(await storedToken(page)).toBe(token);
  const kept = await fetch(`${server.url}/api/user`, { headers: { 'x-access-token': token } });
  expect(kept.status).toBe(200);

  await page.goto(`${server.url}/`);
  await page.getByText('Resume your Application').waitFor();
  const { done, total } = progress(loadConfig().flow, 'pan_verification');
  await page.getByText(`${done} of ${total} steps`).waitFor();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');

  const after = await fetch(`${server.url}/api/user`, { headers: { 'x-access-token': token } });
  expect(after.status).toBe(401);
  expect(browser.cspViolations).toEqual([]);
});

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { displayDate, indianDate } from '../../core/engine/rectification';
import { loadConfig } from '../../server/config/load-config';
import { readZip } from '../server/zip-reader';
import { axeFindings, describeFindings } from './axe';
import { openBrowser, settled, type BrowserSession, type Page } from './browser';
import { opsPost, setProgress, startServerWithBackOffice, userByPhone, type ServerWithDb } from './fixtures';
import { signedInThroughApi } from './journey';

/**
 * Issue 21 in a real browser: the Privacy Notice and the applicant's data rights on /privacy (consents, export,
 * erasure, the refusal after submission), and the rectification deadline (Fix by, expiry, reopen).
 */

const { privacy, flow } = loadConfig();
const optional = privacy.purposes.find((purpose) => !purpose.required)!;
const expiredStage = Object.values(flow.completedStages).find((stage) => stage.steps.includes(flow.review.rectification!.expiredStatus))!;

let env: ServerWithDb;
let browser: BrowserSession;

beforeAll(async () => {
  env = await startServerWithBackOffice();
  browser = await openBrowser({ width: 390, height: 844 });
});

afterAll(async () => {
  await browser?.close();
  await env?.close();
});

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

async function noSeriousViolations(page: Page): Promise<void> {
  await settled(page);
  expect(describeFindings(await axeFindings(page))).toEqual([]);
}

async function fresh(page: Page): Promise<void> {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

it('the notice is linked from /login; signed in, the applicant withdraws a consent, downloads their data and erases it', async () => {
  const { page } = browser;
  await page.goto(`${env.server.url}/login`);
  expect(await page.getByRole('link', { name: 'Read the Privacy Notice' }).getAttribute('href')).toBe('/privacy');
  await page.goto(`${env.server.url}/privacy`);
  await heading(page, privacy.notice.title);
  await page.getByRole('region', { name: privacy.grievance.title }).getByText(privacy.grievance.email).waitFor();
  await noSeriousViolations(page);

  const phone = '9876521001';
  await fresh(page);
  await signedInThroughApi(page, env.server, phone, 'kavya.rao@example.in');
  await page.goto(`${env.server.url}/privacy`);
  const card = page.getByTestId(`consent-${optional.id}`);
  await card.getByText('Not given').waitFor();
  await card.getByRole('button', { name: 'Give consent' }).click();
  await card.getByText(/^Given on \d{2}\/\d{2}\/\d{4}/).waitFor();
  await card.getByRole('button', { name: 'Withdraw consent' }).click();
  await card.getByText(/^Withdrawn on/).waitFor();
  await noSeriousViolations(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('onboard-my-data.zip');
  const zip = readZip(readFileSync((await file.path())!));
  const data = JSON.parse(zip.get('data.json')!.toString('utf8')) as { applicant: { phone: string }; consents: { purpose: string; withdrawnAt: string | null }[] };
  expect(data.applicant.phone).toBe(phone);
  expect(data.consents.find((consent) => consent.purpose === optional.id)?.withdrawnAt).not.toBeNull();

  await page.getByRole('button', { name: 'Erase my data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase your data?' });
  await dialog.getByRole('button', { name: 'Erase my data' }).click();
  await page.waitForURL('**/login');
  await page.getByText('Your data is erased').waitFor();
  await expect(userByPhone(env.db, phone)).rejects.toThrow(`no applicant with phone ${phone}`);
});

it('after submission erasure is refused with the law and the date KYC records are kept until', async () => {
  const { page } = browser;
  const phone = '9876521002';
  await fresh(page);
  await signedInThroughApi(page, env.server, phone, 'dev.sharma@example.in');
  await setProgress(env.db, phone, { currentStep: 'aadhaar_e_sign_documents', nextStep: 'verification_pending' });
  await env.db.updateTable('users').set({ submitted_at: Date.UTC(2026, 0, 10, 12) }).where('phone', '=', phone).execute();
  await page.goto(`${env.server.url}/privacy`);
  await page.getByRole('button', { name: 'Erase my data' }).click();
  await page.getByRole('dialog', { name: 'Erase your data?' }).getByRole('button', { name: 'Erase my data' }).click();
  // The date as the app writes dates (issue 32: it read 2031-01-10).
  const refusal = page.getByRole('alert').filter({ hasText: '10/01/2031' });
  await refusal.waitFor();
  expect(await refusal.textContent()).toContain(privacy.retention.law);
  expect(page.url()).toMatch(/\/privacy$/);
  expect((await userByPhone(env.db, phone)).next_step).toBe('verification_pending');
});

it("after a reject: 'Fix by <date>' on Resume and Modification; at the deadline the application closes, says why, and the back office reopens it", async () => {
  const { page } = browser;
  const phone = '9876521003';
  await fresh(page);
  await signedInThroughApi(page, env.server, phone, 'ira.bose@example.in');
  await setProgress(env.db, phone, { currentStep: 'aadhaar_e_sign_documents', nextStep: 'verification_pending' });
  const { id } = await userByPhone(env.db, phone);
  const rejected = await opsPost(env, `applications/${id}/decision`, { action: 'reject', rejectedSteps: { personal_details: "Father's name does not match the PAN" } });
  expect(rejected.status).toBe(200);
  const { due_at: dueAt } = await env.db.selectFrom('rectification_deadlines').select('due_at').where('user_id', '=', id).executeTakeFirstOrThrow();
  const fixBy = `Fix by ${displayDate(indianDate(Number(dueAt)))}`;

  await page.goto(`${env.server.url}/`);
  await heading(page, 'Resume your Application');
  expect(await page.getByTestId('fix-by').textContent()).toBe(fixBy);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL('**/modification');
  await heading(page, 'Welcome Back');
  expect(await page.getByTestId('fix-by').textContent()).toBe(fixBy);

  const swept = await opsPost(env, 'sweep', { now: new Date(Number(dueAt)).toISOString() });
  expect(((await swept.json()) as { expired: string[] }).expired).toEqual([id]);
  await page.goto(`${env.server.url}/`);
  await page.waitForURL('**/completed');
  await heading(page, expiredStage.title);
  await page.getByText(expiredStage.subtitle.replace('{deadline}', displayDate(indianDate(Number(dueAt))))).waitFor();
  await noSeriousViolations(page);

  expect((await opsPost(env, `applications/${id}/reopen`, {})).status).toBe(200);
  await page.goto(`${env.server.url}/`);
  await heading(page, 'Resume your Application');
  await page.getByTestId('fix-by').waitFor();
  expect(browser.cspViolations).toEqual([]);
});

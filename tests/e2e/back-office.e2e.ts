import { afterAll, beforeAll, expect, it } from 'vitest';
import { axeFindings, describeFindings } from './axe';
import { openBrowser, type BrowserSession, type Page } from './browser';
import { opsPost, startServerWithBackOffice, type ServerWithDb } from './fixtures';
import { submittedApplicant, type SubmittedApplicant } from './submitted-applicant';

/**
 * The back office in the browser (issue 17): a supervisor adds a reviewer and an auditor; the reviewer signs in with
 * the emailed code, finds a submitted application, sees the PAN image, the signature and the selfie, rejects the PAN
 * image with a reason; the applicant sees it on /modification; the audit trail names the reviewer; the auditor sees
 * it all without decision buttons and gets 403 from the decision route; an applicant's token opens no ops route.
 */

let env: ServerWithDb;
let browser: BrowserSession;
let applicant: SubmittedApplicant;
const supervisor = 'asha.rao@broker.in';
const reviewer = 'ravi.kumar@broker.in';
const auditor = 'meena.iyer@broker.in';

beforeAll(async () => {
  env = await startServerWithBackOffice();
  browser = await openBrowser({ width: 1366, height: 768 });
  const added = await opsPost(env, 'reviewers', { email: supervisor, role: 'supervisor' });
  expect(added.status).toBe(201);
  applicant = await submittedApplicant(env, { phone: '9876517001', email: 'sneha.sharma@example.in', pan: 'ABCPS6543K', name: 'SNEHA SHARMA' });
});

afterAll(async () => {
  await browser?.close();
  await env?.close();
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor({ timeout: 15_000 });

/** axe-core on the page as it stands, at both sizes: no serious or critical violation. */
async function accessible(page: Page): Promise<void> {
  for (const size of [{ width: 390, height: 844 }, { width: 1366, height: 768 }]) {
    await page.setViewportSize(size);
    expect(describeFindings(await axeFindings(page)), `${page.url()} at ${size.width}px`).toEqual([]);
  }
}

/** Signs in at /ops by keyboard: the email, Enter, then the code from the sandbox outbox. */
async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${env.server.url}/ops`);
  await heading(page, 'Sign in');
  await page.getByLabel('Work email').focus();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await page.getByText(`We emailed a 6-digit code to ${email}.`).waitFor();
  await page.keyboard.type(await env.server.latestCode(email));
  await heading(page, 'Applications');
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await heading(page, 'Sign in');
}

const imageShown = (page: Page, alt: string) =>
  page.getByRole('img', { name: alt }).first().evaluate((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0);

it('supervisor, reviewer, applicant and auditor: the review of a submitted application from the browser', async () => {
  const { page } = browser;

  // The supervisor adds a reviewer and an auditor.
  await signIn(page, supervisor);
  await accessible(page);
  await page.getByRole('link', { name: 'Reviewers' }).click();
  await heading(page, 'Reviewers');
  for (const [email, role] of [[reviewer, 'Reviewer'], [auditor, 'Auditor']] as const) {
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Role').selectOption({ label: role });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText(`${email} can now sign in as ${role}.`).waitFor();
  }
  const rows = await page.locator('tbody tr').allTextContents();
  expect(rows.some((row) => row.includes(reviewer) && row.includes('Reviewer') && row.includes('Active') && row.includes(supervisor))).toBe(true);
  expect(rows.some((row) => row.includes(auditor) && row.includes('Auditor'))).toBe(true);
  await accessible(page);
  await signOut(page);

  // The reviewer finds the application: masked in the queue, then by its PAN.
  await signIn(page, reviewer);
  const row = page.locator('tbody tr', { hasText: 'SNEHA SHARMA' });
  await expect.poll(() => row.textContent()).toContain('98XXXXXX01');
  expect(await row.textContent()).toContain('ABXXXXXX3K');
  expect(await page.locator('main').textContent()).not.toContain(applicant.phone);
  await page.getByLabel('Phone, PAN or name').fill(applicant.pan);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect.poll(() => page.locator('tbody tr').count()).toBe(1);
  await page.getByRole('link', { name: 'SNEHA SHARMA' }).click();
  await heading(page, 'Application of SNEHA SHARMA');

  // The PAN image, the signature and the selfie, shown; the answers in words.
  for (const alt of ['PAN image', 'Selfie', 'Signature']) await expect.poll(() => imageShown(page, alt), { timeout: 10_000 }).toBe(true);
  await page.getByRole('heading', { level: 3, name: 'PAN Verification' }).waitFor();
  const panAnswers = page.locator('.ops-answers', { has: page.getByRole('heading', { level: 3, name: 'PAN Verification' }) });
  expect(await panAnswers.textContent()).toContain('Name (PAN registry)SNEHA SHARMA');
  await accessible(page);

  // Rejects the PAN image with a template reason, by keyboard.
  await page.getByRole('button', { name: 'Reject steps…' }).click();
  await page.getByRole('checkbox', { name: 'PAN Image Upload' }).focus();
  await page.keyboard.press('Space');
  await page.getByLabel('Reason for PAN Image Upload').selectOption('The PAN image is blurred');
  await accessible(page);
  await page.getByRole('button', { name: 'Send back' }).click();
  await page.getByText('Done: reject: verification_pending → modification (sent back: pan_image_upload)').waitFor();
  await page.getByText('Status: Modification').waitFor();
  const audit = page.locator('.ops-audit tbody tr', { hasText: 'Sent steps back' });
  expect(await audit.textContent()).toContain(reviewer);
  expect(await audit.textContent()).toContain('PAN Image Upload: The PAN image is blurred');
  await signOut(page);

  // The applicant sees the reason on /modification.
  const own = await browser.context.newPage();
  await own.goto(`${env.server.url}/login`);
  await own.evaluate((token) => window.localStorage.setItem('authToken', JSON.stringify(token)), applicant.token);
  await own.goto(`${env.server.url}/modification`);
  await own.getByText('The PAN image is blurred').waitFor({ timeout: 15_000 });
  // The app counted the page view for the funnel (batched, a couple of seconds later), under no personal data.
  const pageViews = () => env.db.selectFrom('analytics_events').select(['route', 'subject']).where('type', '=', 'page_view').where('route', '=', '/modification').execute();
  await expect.poll(async () => (await pageViews()).length, { timeout: 10_000 }).toBeGreaterThan(0);
  expect((await pageViews())[0]?.subject).toMatch(/^[0-9a-f]{32}$/);

  // With only the applicant's token, /ops is the reviewers' sign-in, and every ops route refuses it.
  await own.goto(`${env.server.url}/ops`);
  await heading(own, 'Sign in');
  const refused = await own.evaluate(async ({ token, id }) => {
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/ops/me'],
      ['GET', '/api/ops/applications'],
      ['GET', `/api/ops/applications/${id}`],
      ['POST', `/api/ops/applications/${id}/decision`, { action: 'approve' }],
      ['POST', `/api/ops/applications/${id}/rekyc`, {}],
      ['GET', '/api/ops/reviewers'],
      ['POST', '/api/ops/reviewers', { email: 'x@broker.in', role: 'supervisor' }],
      ['GET', '/api/ops/funnel'],
    ];
    const statuses: string[] = [];
    for (const [method, url, body] of routes) {
      for (const headers of [{ authorization: `Bearer ${token}` }, { 'x-access-token': token }] as Record<string, string>[]) {
        const init: RequestInit = { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) };
        statuses.push(`${method} ${url} ${(await fetch(url, init)).status}`);
      }
    }
    return statuses;
  }, { token: applicant.token, id: applicant.id });
  expect(refused.filter((line) => !/ 40[13]$/.test(line))).toEqual([]);
  await own.close();

  // The auditor sees all of it, has no decision buttons, and the decision route answers 403.
  await signIn(page, auditor);
  await page.getByLabel('Status').selectOption({ label: 'Modification' });
  await page.getByRole('link', { name: 'SNEHA SHARMA' }).click();
  await heading(page, 'Application of SNEHA SHARMA');
  for (const alt of ['PAN image', 'Selfie', 'Signature']) await expect.poll(() => imageShown(page, alt), { timeout: 10_000 }).toBe(true);
  await page.getByText('Your role reads applications; it does not decide.').waitFor();
  for (const name of ['Approve', 'Reject steps…', 'Send for re-verification', 'Email re-KYC link']) expect(await page.getByRole('button', { name }).count()).toBe(0);
  expect(await page.locator('.ops-audit').textContent()).toContain(reviewer);
  const status = await page.evaluate(async (id) => {
    const token = sessionStorage.getItem('onboard.ops.token') ?? '';
    const answer = await fetch(`/api/ops/applications/${id}/decision`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'approve' }),
    });
    return answer.status;
  }, applicant.id);
  expect(status).toBe(403);
  // Every picture the auditor looked at is in the trail under their name.
  await page.reload();
  await heading(page, 'Application of SNEHA SHARMA');
  expect(await page.locator('.ops-audit tbody tr', { hasText: auditor }).count()).toBeGreaterThanOrEqual(3);
  expect(browser.cspViolations).toEqual([]);
  await signOut(page);
});

it('a decision another reviewer took first is reported, and the page shows the application as it is', async () => {
  const { page } = browser;
  const other = await submittedApplicant(env, { phone: '9876517002', email: 'rahul.verma@example.in', pan: 'ABCPV7654L', name: 'RAHUL VERMA' });
  await signIn(page, reviewer);
  await page.getByRole('link', { name: 'RAHUL VERMA' }).click();
  await heading(page, 'Application of RAHUL VERMA');
  expect((await opsPost(env, `applications/${other.id}/decision`, { action: 'approve' })).status).toBe(200);
  await page.getByRole('button', { name: 'Approve' }).click();
  await page.getByText(/^Another reviewer acted first: cannot approve an application at 'verified'/).waitFor();
  await page.getByText('Status: Verified').waitFor();
  expect(await page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Start account set-up' }).waitFor();
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { openBrowser, type BrowserSession, type Page } from './browser';
import sharp from 'sharp';
import { opsPost, setProgress, startServerWithBackOffice, type ServerWithDb } from './fixtures';
import { submittedApplicant, type SubmittedApplicant } from './submitted-applicant';
import { accessible, heading, signInToConsole } from './ops-console';

/**
 * The back office in the browser (issue 17): a supervisor adds a reviewer and an auditor; the reviewer signs in with
 * the emailed code, finds a submitted application, sees the PAN image, the signature and the selfie, rejects the PAN
 * image with a reason; the applicant sees it on /modification; the audit trail names the reviewer; the auditor sees
 * it all without decision buttons and gets 403 from the decision route; an applicant's token opens no ops route.
 * Issue 32: the answers read as the applicant gave them (declarations as statements, each nominee with their proof),
 * decisions first in the audit trail with document views folded, one sign-in for every tab, the funnel in both scripts.
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
  await declareAndNominate(applicant);
});

/** The applicant's declarations (the spec's clean answers) and two nominees with a proof each, through their own API. */
async function declareAndNominate(who: SubmittedApplicant): Promise<void> {
  const headers = { 'x-access-token': who.token };
  await setProgress(env.db, who.phone, { currentStep: 'liveliness_detection', nextStep: 'declaration' });
  const declared = await fetch(`${env.server.url}/api/user/declaration`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ nri: false, regulatoryActions: false, politicallyExposed: false, settlementTimeFrame: 90, contractNotePreference: 'electronic' }),
  });
  expect(declared.status, await declared.clone().text()).toBe(200);
  await setProgress(env.db, who.phone, { currentStep: 'signature', nextStep: 'nominee' });
  const nominee = { title: 'Mrs', lastName: 'Sharma', phone: '9876543210', email: 'asha.sharma@example.in', line1: '12 MG Road, Ashok Nagar', pincode: '560001', documentType: 'pan_card' };
  const nominees = [
    { ...nominee, firstName: 'Asha', relation: 'Spouse', dateOfBirth: '12/03/1988', sharePercentage: 60, documentNumber: 'ABCPS1234K' },
    { ...nominee, title: 'Mr', firstName: 'Kiran', relation: 'Son', dateOfBirth: '01/06/2015', sharePercentage: 40, documentType: 'aadhar_card', documentNumber: '9012',
      guardianName: 'Asha Sharma', guardianAddress: '12 MG Road, Ashok Nagar', guardianPhone: '9876543210', guardianEmail: 'asha.sharma@example.in', guardianRelation: 'Mother', guardianPincode: '110001' },
  ];
  const form = new FormData();
  form.append('nomineeDetails', JSON.stringify(nominees));
  for (const [index, colour] of ['#e8d9c0', '#c0d9e8'].entries()) {
    const proof = await sharp({ create: { width: 640, height: 400, channels: 3, background: colour, noise: { type: 'gaussian', mean: 120, sigma: 30 } } }).jpeg().toBuffer();
    form.append(`documentProof_${index}`, new Blob([new Uint8Array(proof)], { type: 'image/jpeg' }), `proof-${index}.jpg`);
  }
  const saved = await fetch(`${env.server.url}/api/user/add-nominee`, { method: 'POST', headers, body: form });
  expect(saved.status, await saved.clone().text()).toBe(200);
  await setProgress(env.db, who.phone, { currentStep: 'aadhaar_e_sign_documents', nextStep: 'verification_pending' });
}

afterAll(async () => {
  await browser?.close();
  await env?.close();
});

const signIn = (page: Page, email: string) => signInToConsole(env, page, email, 'Applications');

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
    // The list reloads after the message: wait for the new row before reading the table.
    await page.locator('tbody tr', { hasText: email }).waitFor();
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
  // The declarations as the statements the applicant made; each nominee under their name, with their own proof.
  const declarations = page.locator('.ops-answers', { has: page.getByRole('heading', { level: 3, name: 'Declaration' }) });
  const statements = await declarations.locator('dl > div').evaluateAll((rows) => rows.map((row) => [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent]));
  expect(statements).toEqual(
    expect.arrayContaining([
      ['I am an Indian citizen', 'Yes'],
      ['No regulatory action has been taken against me in the last 3 years', 'Yes'],
      ['I am not a politically exposed person (PEP) or related to one', 'Yes'],
      ['Contract notes', 'Electronic'],
      ['When ticked: I am an Indian citizen', expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} IST$/)],
    ]),
  );
  for (const [heading, proofOf, proofType] of [['Nominee 1: Asha Sharma', 'Nominee proof: Asha Sharma', 'PAN'], ['Nominee 2: Kiran Sharma', 'Nominee proof: Kiran Sharma', 'Aadhaar (last 4 digits only)']]) {
    const nominee = page.getByRole('region', { name: heading });
    expect(await nominee.locator('dl').textContent()).toContain(`Identifier${proofType}`);
    await expect.poll(() => nominee.getByRole('img', { name: proofOf }).evaluate((image) => (image as HTMLImageElement).naturalWidth > 0), { timeout: 10_000 }).toBe(true);
  }
  const pageText = (await page.locator('main').textContent()) ?? '';
  for (const raw of ['nominees.', 'declaredAt', 'aadhar_card', 'pan_card', 'penny_drop', 'T10:', '.000Z']) expect(pageText).not.toContain(raw);
  await accessible(page);

  // Rejects the PAN image with a template reason, by keyboard.
  await page.getByRole('button', { name: 'Reject steps…' }).click();
  await page.getByRole('checkbox', { name: 'PAN Image Upload' }).focus();
  await page.keyboard.press('Space');
  await page.getByLabel('Reason for PAN Image Upload').selectOption('The PAN image is blurred');
  await accessible(page);
  await page.getByRole('button', { name: 'Send back' }).click();
  await page.getByText('Done: sent back to the applicant: PAN Image Upload. Status now: Modification.').waitFor();
  await page.getByText('Status: Modification').waitFor();
  // Decisions first, newest first; the document views of the page open folded into one line, opened on demand.
  const audit = page.locator('.ops-audit tbody tr').first();
  expect(await audit.textContent()).toContain('Sent steps back');
  expect(await audit.textContent()).toContain(reviewer);
  expect(await audit.textContent()).toContain('PAN Image Upload: The PAN image is blurred');
  const views = page.locator('.ops-views li', { hasText: `${reviewer} viewed` });
  await expect.poll(() => views.count()).toBe(1);
  expect(await views.textContent()).toMatch(new RegExp(`^\\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2} IST: ${reviewer.replace('.', '\\.')} viewed 5 documents`));
  await views.locator('summary').click();
  expect(await views.locator('p').textContent()).toContain('Nominee proof: Asha Sharma');
  await accessible(page);

  // One sign-in for every tab: a second tab opens the console signed in; signing out there ends the first tab too.
  const second = await browser.context.newPage();
  await second.goto(`${env.server.url}/ops/applications/${applicant.id}`);
  await heading(second, 'Application of SNEHA SHARMA');
  await second.getByRole('button', { name: 'Sign out' }).click();
  await heading(second, 'Sign in');
  await heading(page, 'Sign in');
  await page.getByText('Your session ended. Please sign in again.').waitFor();
  await second.close();

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
  // The session is a cookie no script reads: the console's own header signs a call in, and the role still refuses.
  const status = await page.evaluate(async (id) => {
    const answer = await fetch(`/api/ops/applications/${id}/decision`, {
      method: 'POST',
      headers: { 'x-onboard-ops': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'approve' }),
    });
    return answer.status;
  }, applicant.id);
  expect(status).toBe(403);
  expect(await page.evaluate(() => document.cookie)).not.toContain('onboard_ops_session');
  // Every picture the auditor looked at is in the trail under their name: one line for each page open.
  await page.reload();
  await heading(page, 'Application of SNEHA SHARMA');
  await expect.poll(() => page.locator('.ops-views li', { hasText: `${auditor} viewed 5 documents` }).count()).toBe(1);
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

it('the queue shows how long each application waits; the funnel counts a message once in both scripts, dates DD/MM/YYYY', async () => {
  const { page } = browser;
  const events = (batch: unknown[]) =>
    fetch(`${env.server.url}/api/events`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-access-token': applicant.token }, body: JSON.stringify({ events: batch }) });
  const formError = (message: string) => ({ type: 'form_error', route: '/add-email', message });
  expect((await events([formError('Enter valid Email Id'), formError('मान्य ईमेल आईडी दर्ज करें')])).status).toBe(202);

  // Still signed in from the test before: the session outlives the page.
  await page.goto(`${env.server.url}/ops`);
  await heading(page, 'Applications');
  await page.getByLabel('Status').selectOption({ label: 'Verified' });
  const row = page.locator('tbody tr', { hasText: 'RAHUL VERMA' });
  await expect.poll(() => row.locator('td[data-label="Waiting"]').textContent()).toMatch(/^\d+ min$|^\d+ h \d+ min$/);
  await accessible(page);

  await page.getByRole('link', { name: 'Funnel' }).click();
  await heading(page, 'Where applicants stop');
  const today = await page.getByRole('textbox', { name: 'To', exact: true }).inputValue();
  expect(today).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  await page.getByText(new RegExp(`^From \\d{2}/\\d{2}/\\d{4} to ${today.replaceAll('/', '\\/')}$`)).waitFor();
  const errors = page.locator('tr', { has: page.getByRole('rowheader', { name: 'Email Verification' }) }).locator('.ops-errors li');
  await expect.poll(() => errors.count()).toBe(1);
  expect(await errors.textContent()).toBe('Enter valid Email Idमान्य ईमेल आईडी दर्ज करेंshown 2 times');
  // The Hindi is drawn in a Devanagari font: the console's own, fetched for it on a machine with none.
  const hindi = errors.locator('[lang="hi"]');
  const font = await hindi.evaluate(async (element) => ({
    family: getComputedStyle(element).fontFamily,
    loaded: (await document.fonts.load('16px "Onboard Devanagari"', element.textContent ?? '')).map((face) => face.status),
  }));
  expect(font.family).toContain('Onboard Devanagari');
  expect(font.loaded).toEqual(['loaded']);
  // No column header is broken inside a word.
  await page.setViewportSize({ width: 1366, height: 768 });
  const broken = await page.locator('thead th').evaluateAll((cells) =>
    cells.flatMap((cell) => {
      const text = cell.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      const words: string[] = [];
      let start = 0;
      for (const word of (text.textContent ?? '').split(' ')) {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, start + word.length);
        if (range.getClientRects().length > 1) words.push(word);
        start += word.length + 1;
      }
      return words;
    }),
  );
  expect(broken).toEqual([]);
  await accessible(page);
  await signOut(page);
});

it('issue 30: help requests and shared contacts on their own page, and on the application, in words', async () => {
  const { page } = browser;
  const asApplicant = (path: string, body: unknown) =>
    fetch(`${env.server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-access-token': applicant.token }, body: JSON.stringify(body) });
  expect((await asApplicant('/help-requests', { route: '/add-nominee', contactTime: 'afternoon', message: 'I cannot see the share field' })).status).toBe(200);
  // A dependent parent opens their own application on the applicant's number (which ends the applicant's session: last).
  const family = await asApplicant('/applications/family', { relation: 'dependent_parent' });
  expect(family.status).toBe(200);

  await signIn(page, supervisor);
  await page.getByRole('link', { name: 'Help and declarations' }).click();
  await heading(page, 'Help Requests and Contact Declarations');
  const help = page.locator('tbody tr', { hasText: 'I cannot see the share field' });
  expect(await help.locator('td[data-label="Call"]').textContent()).toBe('Afternoon, 12 noon to 4 pm');
  expect(await help.locator('td[data-label="Language"]').textContent()).toBe('English');
  const masked = `${applicant.phone.slice(0, 2)}XXXXXX${applicant.phone.slice(-2)}`;
  const declared = page.locator('tbody tr', { hasText: 'My dependent parent' });
  expect(await declared.locator('td[data-label="Contact"]').textContent()).toBe(`Mobile number ${masked}`);
  await accessible(page);

  // The holder's application, from the declaration's 'Also used by'.
  await declared.locator('td[data-label="Also used by"]').getByRole('link', { name: masked }).click();
  await heading(page, 'Application of SNEHA SHARMA');
  // The family member's application lists its declaration under its contact details.
  await page.goBack();
  await declared.locator('td[data-label="Application"]').getByRole('link').click();
  await heading(page, /^Application of/);
  await page.getByRole('region', { name: 'Contact', exact: true }).getByText('My dependent parent').waitFor();
  await accessible(page);
  await signOut(page);
});

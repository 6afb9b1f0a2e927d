import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readyMarker } from '../../server/releases/client-build';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseCsv, toCsv } from '../../core/studio/csv';
import type { OpsReleaseList, StudioDraftView, StudioTextList } from '../../core/api/types';
import { accessible, heading, signInToConsole } from './ops-console';
import { openBrowser, type BrowserSession, type Page } from './browser';
import { validPersonalDetails } from '../fixtures/payloads';
import { opsPost, opsToken, setPanRecord, setProgress, startServerWithBackOffice, userByPhone, type ServerWithDb } from './fixtures';
import { builtClientDir } from './server';
import { apiPost, signedUpThroughApi } from './journey';
import { onScreen } from './on-screen';
import { keyboardUser } from './keyboard/keys';

/**
 * The config studio in the browser (issue 31): an editor, whose console opens on the studio and shows nothing of the
 * applicants, starts a draft, finds the PAN page's heading, rewords it in English and sees its Hindi marked older,
 * translates it, blanks a text and sees the check's finding at it, fixes it and proposes; an approver sees the
 * changes in words, approves, and the draft is the next release.
 */

let env: ServerWithDb;
let browser: BrowserSession;
const editor = 'priya.shah@broker.in';
const approver = 'neha.verma@broker.in';

let clientBuilds: string;

beforeAll(async () => {
  // Each published release's browser client is built, as the server that serves pages does: new sign-ups start on a
  // release only once its client exists. A stand-in for `vite build` here (the studio is under test; the real build
  // is release-client.e2e's): a copy of the server's own client, ready at once.
  clientBuilds = mkdtempSync(join(tmpdir(), 'onboard-studio-clients-'));
  env = await startServerWithBackOffice({
    bank: { branchSnapshot: false },
    clientReleasesDir: clientBuilds,
    buildReleaseClients: true,
    releaseClientBuilder: async ({ root, hash }) => {
      cpSync(builtClientDir, join(root, hash), { recursive: true });
      writeFileSync(join(root, hash, readyMarker), '{}');
    },
  });
  browser = await openBrowser({ width: 1366, height: 768 });
  for (const [email, role] of [
    [editor, 'editor'],
    [approver, 'approver'],
  ]) expect((await opsPost(env, 'reviewers', { email, role })).status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await env?.close();
  rmSync(clientBuilds, { recursive: true, force: true });
});

/** Signs `email` in, signing out first whoever the browser's session still holds (a reload keeps a session). */
const signIn = async (page: Page, email: string) => {
  await page.goto(`${env.server.url}/ops`);
  const signOut = page.getByRole('button', { name: 'Sign out' });
  await page.getByRole('heading', { name: 'Sign in', level: 1 }).or(signOut).waitFor();
  if (await signOut.isVisible()) await signOut.click();
  await signInToConsole(env, page, email, 'Config studio');
};

const currentRelease = async () => {
  const answer = await fetch(`${env.server.url}/api/ops/releases`, { headers: { authorization: `Bearer ${opsToken}` } });
  return ((await answer.json()) as OpsReleaseList).releases.find((release) => release.current);
};

it('an editor drafts new words in both languages, the check points at the text it refuses, and an approver publishes the release', async () => {
  const before = await currentRelease();
  const { page } = browser;
  await signIn(page, editor);
  expect(new URL(page.url()).pathname).toBe('/ops/studio');
  expect(await page.getByRole('link', { name: 'Applications' }).count()).toBe(0);
  await accessible(page);

  await page.getByLabel('What the draft is for').fill('Plainer PAN page');
  await page.getByRole('button', { name: 'Start the draft' }).click();
  await heading(page, 'Plainer PAN page');
  await page.getByText(`Editing, started from release ${before?.number} by ${editor}`).waitFor();

  await page.getByLabel('Find a text by its words or where it is shown').fill('Verify your PAN');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  const text = page.getByRole('group', { name: 'Page /verify-pan › heading' });
  await text.waitFor();
  expect(await text.getByLabel('हिन्दी', { exact: true }).inputValue()).toBe('अपना PAN सत्यापित करें');
  await text.getByLabel('English', { exact: true }).fill('Check your PAN');
  await text.getByRole('button', { name: 'Save: English, Page /verify-pan › heading' }).click();
  await page.getByText('Saved: Page /verify-pan › heading (English)').waitFor();
  const stale = page.getByText('Page /verify-pan › heading (हिन्दी): older than the English');
  await stale.waitFor();

  await text.getByLabel('हिन्दी', { exact: true }).fill(' ');
  await text.getByRole('button', { name: 'Save: हिन्दी, Page /verify-pan › heading' }).click();
  const problem = 'हिन्दी: Missing the text ("Check your PAN")';
  const finding = text.getByRole('alert');
  await finding.waitFor();
  expect(await finding.textContent()).toBe(problem);
  expect(await onScreen(page, finding)).toBe(true);
  expect(await page.getByText(`Page /verify-pan › heading: ${problem}`).count()).toBe(1);
  await accessible(page);

  await text.getByLabel('हिन्दी', { exact: true }).fill('अपना PAN जाँचें');
  await text.getByRole('button', { name: 'Save: हिन्दी, Page /verify-pan › heading' }).click();
  // The blank save already said 'Saved' (with its finding): this save's answer is the finding gone.
  await finding.waitFor({ state: 'detached' });
  await page.getByText('Saved: Page /verify-pan › heading (हिन्दी)').waitFor();
  expect(await stale.count()).toBe(0);
  const changes = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Before' }) });
  expect(await changes.getByRole('row').allInnerTexts()).toEqual(
    expect.arrayContaining([expect.stringContaining('Verify your PAN\tCheck your PAN'), expect.stringContaining('अपना PAN सत्यापित करें\tअपना PAN जाँचें')]),
  );
  // The Hindi file for a translator, filled in and uploaded back.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download the हिन्दी file' }).click()]);
  const lines = parseCsv(readFileSync((await download.path()) ?? '', 'utf8')) ?? [];
  expect(lines[0]).toEqual(['id', 'where', 'evidence', 'English', 'हिन्दी']);
  const submit = lines.findIndex((line) => line[1] === 'Page /verify-pan › submit button');
  const translated = lines.map((line, index) => (index === submit ? [...line.slice(0, 4), 'सत्यापित करके आगे बढ़ें'] : line));
  await page.getByLabel('Translated हिन्दी file').setInputFiles({ name: 'translations-hi.csv', mimeType: 'text/csv', buffer: Buffer.from(toCsv(translated)) });
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByText('Saved the translations in translations-hi.csv.').waitFor();
  await page.getByRole('cell', { name: 'सत्यापित करके आगे बढ़ें' }).waitFor();

  await page.getByLabel('Note').fill('Shorter heading, asked by compliance');
  await page.getByRole('button', { name: 'Propose for approval' }).click();
  await page.getByText('Proposed for approval.').waitFor();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await heading(page, 'Sign in');

  await signIn(page, approver);
  await page.getByRole('link', { name: 'Plainer PAN page' }).click();
  await heading(page, 'Plainer PAN page');
  await page.getByText(`Waiting for approval, started from release ${before?.number} by ${editor}`).waitFor();
  await accessible(page);
  await page.getByRole('button', { name: 'Approve and publish' }).click();
  const published = (before?.number ?? 0) + 1;
  await page.getByText(`Published as release ${published}.`).first().waitFor();
  await page.getByRole('link', { name: 'All drafts' }).click();
  await heading(page, 'Config studio');
  await page
    .getByText(`Release ${published} is the newest: new applicants start on it once its pages are built, and each applicant gets the pages of their own release. The repository's files are still release ${before?.number}'s: write the new one into it with npm run config:import ${published}, so the next deploy starts from it.`)
    .waitFor();
  await page.getByRole('link', { name: 'Plainer PAN page' }).click();
  await heading(page, 'Plainer PAN page');
  expect(await currentRelease()).toMatchObject({ number: published, createdBy: approver });
  const history = await page.getByRole('table').last().getByRole('row').allInnerTexts();
  expect(history.slice(1).map((row: string) => row.split('\t').slice(1, 3).join(' '))).toEqual([
    `${editor} Started`,
    `${editor} Edited`,
    `${editor} Edited`,
    `${editor} Edited`,
    `${editor} Edited`,
    `${editor} Proposed`,
    `${approver} Published`,
  ]);
});

/** The template's step 'Source of Funds' after the step titled `after`, with a required choice and a yes/no, in both languages (not yet added). */
async function fillSourceOfFunds(page: Page, after: string): Promise<void> {
  await page.getByLabel('Its title in English').fill('Source of Funds');
  await page.getByLabel('Its title in हिन्दी').fill('धन का स्रोत');
  await page.getByLabel('After the step').selectOption({ label: after });
  await page.getByRole('button', { name: 'Add a choice' }).click();
  const choice = page.getByRole('group', { name: 'Question 1: a choice' });
  await choice.getByLabel('The question in English').fill('Main source of the money you invest');
  await choice.getByLabel('The question in हिन्दी').fill('निवेश के पैसे का मुख्य स्रोत');
  await choice.getByLabel('Its options, one a line: the English words, then | and the हिन्दी words').fill('Salary | वेतन\nBusiness income | व्यवसाय की आय');
  await choice.getByLabel('An answer is required').check();
  await page.getByRole('button', { name: 'Add a yes/no question' }).click();
  const yesNo = page.getByRole('group', { name: 'Question 2: yes or no' });
  await yesNo.getByLabel('The question in English').fill('Any funds from abroad');
  await yesNo.getByLabel('The question in हिन्दी').fill('क्या कोई धन विदेश से है');
}

/** An applicant half-way, who answered personal details with `occupation`. */
async function applicantWho(phone: string, occupation: string, pan = 'ABCPK1234Q'): Promise<void> {
  const token = await signedUpThroughApi(env.server, phone, `${phone}@mail.test`);
  await setPanRecord(env.db, phone, { pan, name: 'Asha Rao', dateOfBirth: '15/08/1990' });
  await setProgress(env.db, phone, { currentStep: 'pan_image_upload', nextStep: 'personal_details' });
  await apiPost(env.server, '/user/personal-details', { ...validPersonalDetails, occupation }, { 'x-access-token': token });
}

it("an editor changes a list's options and a setting, the approver reads the change in business terms, publishes, downloads the patch and rolls back", async () => {
  await applicantWho('9876500011', 'Housewife');
  const before = await currentRelease();
  const { page } = browser;
  await signIn(page, editor);
  await page.getByLabel('What the draft is for').fill('Homemaker and five nominees');
  await page.getByRole('button', { name: 'Start the draft' }).click();
  await heading(page, 'Homemaker and five nominees');

  await page.getByLabel('List', { exact: true }).selectOption('occupation');
  await page.getByText("Asked by: Form 'Personal details' › question 'occupation'").waitFor();
  const housewife = page.getByRole('group', { name: 'Housewife' });
  await housewife.getByText('1 application(s) chose it, 1 of them open.').waitFor();
  await housewife.getByLabel('English', { exact: true }).fill('Homemaker');
  await page.getByRole('button', { name: 'Move up: Student' }).click();
  await page.getByRole('button', { name: 'Retire: Agriculturist' }).click();
  await page.getByRole('group', { name: /^Agriculturist/ }).getByText('Retired', { exact: true }).waitFor();
  await page.getByLabel('Its words in English').fill('Freelancer');
  await page.getByLabel('Its words in हिन्दी').fill('फ़्रीलांसर');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('group', { name: /^Freelancer/ }).getByText('New', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Save the list' }).click();
  await page.getByText("Saved: list 'occupation'").waitFor();
  const english = page.locator('.ops-studio-options [lang="en"] input');
  // The saved list as the server now has it (retired options last): polled, since "Saved" can show a moment before it.
  await expect.poll(() => english.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
    'Private Sector',
    'Public Sector',
    'Government Service',
    'Business',
    'Professional',
    'Retired',
    'Student',
    'Homemaker',
    'Others',
    'Freelancer',
    'Agriculturist',
  ]);

  const nominees = page.getByRole('textbox', { name: 'The most nominees an applicant may name', exact: true });
  expect(await page.getByText('From 1 to 10').count()).toBe(1);
  await nominees.fill('11');
  await page.getByRole('button', { name: 'Save: The most nominees an applicant may name' }).click();
  const finding = page.getByRole('form', { name: 'The most nominees an applicant may name' }).getByRole('alert');
  await finding.waitFor();
  expect(await finding.textContent()).toBe('The check refuses this: it must be 10 or less.');
  expect(await onScreen(page, finding)).toBe(true);
  await nominees.fill('5');
  // The first save (11) already said 'Saved' (a draft keeps what the check refuses, with the finding).
  const firstSaved = await page.getByText('Saved: The most nominees an applicant may name').elementHandle();
  await page.getByRole('button', { name: 'Save: The most nominees an applicant may name' }).click();
  // The second save's answer is the finding gone, and the same words said again as a new node of the live region,
  // which a screen reader reads out again (an unchanged node is not).
  await finding.waitFor({ state: 'detached' });
  await page.waitForFunction((node) => node !== null && !node.isConnected, firstSaved);
  await page.getByText('Saved: The most nominees an applicant may name').waitFor();

  const diff = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Open applications it touches' }) });
  const rows = async () => (await diff.getByRole('row').allInnerTexts()).slice(1).map((row) => row.replace(/\s+/g, ' ').trim());
  const expected = [
    "Option 'Housewife' renamed 'Homemaker' in list 'occupation' (1 application(s) chose it) 1",
    "Option 'Freelancer' added to list 'occupation' 0",
    "Option 'Agriculturist' retired from list 'occupation' (0 application(s) chose it; open ones keep it on their release) 0",
    "Options of list 'occupation' reordered 0",
    'The most nominees an applicant may name: 10 before, 5 now 1',
  ];
  expect(await rows()).toEqual(expected);
  const rule = `More than words: the 1 open application(s) on release ${before?.number} finish on that release; new applications start on the new one.`;
  await page.getByText(rule).waitFor();
  await accessible(page);
  await page.getByRole('button', { name: 'Propose for approval' }).click();
  await page.getByText('Proposed for approval.').waitFor();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await heading(page, 'Sign in');

  await signIn(page, approver);
  await page.getByRole('link', { name: 'Homemaker and five nominees' }).click();
  await heading(page, 'Homemaker and five nominees');
  expect(await rows()).toEqual(expected);
  await page.getByRole('button', { name: 'Approve and publish' }).click();
  const published = (before?.number ?? 0) + 1;
  await page.getByText(`Published as release ${published}.`).first().waitFor();
  // The applicant half-way keeps the release they started on.
  const releases = ((await (await fetch(`${env.server.url}/api/ops/releases`, { headers: { authorization: `Bearer ${opsToken}` } })).json()) as OpsReleaseList).releases;
  expect(releases.find(({ number }) => number === before?.number)?.openApplications).toBe(before?.openApplications);

  await page.getByRole('link', { name: 'All drafts' }).click();
  await heading(page, 'Config studio');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Download release ${published} as a patch` }).click()]);
  const patch = readFileSync((await download.path()) ?? '', 'utf8');
  expect(patch).toContain('+    { "const": "Housewife", "title": "Homemaker" },\n');
  expect(patch).toContain('+  "settings": { "maxNominees": 5 },\n');
  await accessible(page);

  await page.getByLabel('Why roll back (kept in the history)').fill('Reviewers asked for the old words');
  await page.getByRole('button', { name: `Roll back to release ${before?.number}` }).click();
  await heading(page, `Rollback to release ${before?.number}`);
  await page.getByText(`Published as release ${published + 1}.`).first().waitFor();
  const history = await page.getByRole('table').last().getByRole('row').allInnerTexts();
  expect(history.slice(1).map((row: string) => row.split('\t').slice(1, 4).join(' '))).toEqual([
    `${approver} Started Rollback to release ${before?.number}`,
    `${approver} Rolled back release ${published + 1}: Reviewers asked for the old words`,
  ]);
  expect(await currentRelease()).toMatchObject({ number: published + 1, hash: before?.hash });
});

it('an editor adds a form step from the template with a choice, a yes/no and a file, in both languages, and moves a step; the diff says both', async () => {
  const { page } = browser;
  await signIn(page, editor);
  await page.getByLabel('What the draft is for').fill('Source of funds');
  await page.getByRole('button', { name: 'Start the draft' }).click();
  await heading(page, 'Source of funds');

  await fillSourceOfFunds(page, 'Tax Residency');
  await page.getByRole('button', { name: 'Add a file to upload' }).click();
  const file = page.getByRole('group', { name: 'Question 3: a file' });
  await file.getByLabel('The question in English').fill('A statement showing the funds');
  await file.getByLabel('The question in हिन्दी').fill('धन दिखाने वाला विवरण');
  await page.getByRole('button', { name: 'Add the step' }).click();
  await page.getByText("Added the step 'Source of Funds'").waitFor();
  const steps = page.locator('.ops-studio-steps li span');
  expect((await steps.allInnerTexts()).slice(5, 8)).toEqual(['Personal Details', 'Tax Residency', 'Source of Funds']);

  await page.getByRole('button', { name: 'Move up: Source of Funds' }).click();
  await page.getByText('Moved: Source of Funds').waitFor();
  expect((await steps.allInnerTexts()).slice(5, 8)).toEqual(['Personal Details', 'Source of Funds', 'Tax Residency']);
  // Dragged onto a row, a step takes that row's place: down after it, then up before it again.
  const row = (title: string) => page.locator('.ops-studio-steps li', { has: page.getByText(title, { exact: true }) });
  await row('Source of Funds').dragTo(row('Tax Residency'));
  await expect.poll(async () => (await steps.allInnerTexts()).slice(5, 8)).toEqual(['Personal Details', 'Tax Residency', 'Source of Funds']);
  await row('Source of Funds').dragTo(row('Tax Residency'));
  await expect.poll(async () => (await steps.allInnerTexts()).slice(5, 8)).toEqual(['Personal Details', 'Source of Funds', 'Tax Residency']);

  const diff = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Open applications it touches' }) });
  const rows = (await diff.getByRole('row').allInnerTexts()).slice(1).map((row) => row.replace(/\s+/g, ' ').trim());
  expect(rows.slice(0, 1)).toEqual([expect.stringMatching(/^Step 'Source of Funds' added after 'Personal Details' \d+$/)]);
  expect(await page.getByText('What the config check finds').count()).toBe(0);
  await accessible(page);

  await page.getByRole('button', { name: 'Propose for approval' }).click();
  await page.getByText('Proposed for approval.').waitFor();
});

/** Waits until release `number`'s browser client is ready: new sign-ups start on it from then on. */
async function clientReady(number: number): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    const answer = await fetch(`${env.server.url}/api/ops/releases`, { headers: { authorization: `Bearer ${opsToken}` } });
    if (((await answer.json()) as OpsReleaseList).releases.find((release) => release.number === number)?.client === 'ready') return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`release ${number}'s client is not ready`);
}

it("the issue's story: an editor rewords, adds an option and a step, previews it on a phone in Hindi, fixes a finding and proposes; an approver approves; new applicants get the new flow; the auditor sees it all", async () => {
  const auditor = 'arjun.auditor@broker.in';
  expect((await opsPost(env, 'reviewers', { email: auditor, role: 'auditor' })).status).toBe(201);
  const halfWay = '9876500041';
  await applicantWho(halfWay, 'Business', 'ABCPK2345R');
  const before = await currentRelease();
  const { page } = browser;
  await signIn(page, editor);
  await page.getByLabel('What the draft is for').fill('Source of funds, clearer tax words');
  await page.getByRole('button', { name: 'Start the draft' }).click();
  await heading(page, 'Source of funds, clearer tax words');

  // A question and a message reworded, in both languages.
  const reword = async (query: string, where: string, english: string, hindi: string) => {
    await page.getByLabel('Find a text by its words or where it is shown').fill(query);
    await page.getByRole('button', { name: 'Find', exact: true }).click();
    const text = page.getByRole('group', { name: where });
    await text.getByLabel('English', { exact: true }).fill(english);
    await text.getByRole('button', { name: `Save: English, ${where}` }).click();
    await page.getByText(`Saved: ${where} (English)`).waitFor();
    await text.getByLabel('हिन्दी', { exact: true }).fill(hindi);
    await text.getByRole('button', { name: `Save: हिन्दी, ${where}` }).click();
    await page.getByText(`Saved: ${where} (हिन्दी)`).waitFor();
    return text;
  };
  const question = "Page /tax-residency › question 'placeOfBirth' › label";
  const placeOfBirth = await reword('Place of birth', question, 'Town or city of birth', 'जन्म का शहर या कस्बा');
  await reword('Tax residency saved!', 'Page /tax-residency › message on success', 'Your tax residency is saved.', 'आपका कर निवास सहेज लिया गया है।');

  // An option added to a list, with its Hindi.
  await page.getByLabel('List', { exact: true }).selectOption('occupation');
  await page.getByLabel('Its words in English').fill('Gig worker');
  await page.getByLabel('Its words in हिन्दी').fill('गिग वर्कर');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await page.getByRole('button', { name: 'Save the list' }).click();
  await page.getByText("Saved: list 'occupation'").waitFor();

  // A form step from the template, with two fields.
  await fillSourceOfFunds(page, 'Personal Details');
  await page.getByRole('button', { name: 'Add the step' }).click();
  await page.getByText("Added the step 'Source of Funds'").waitFor();

  // The new step previewed at a phone's size in Hindi, drawn by the app's own form, and walked on with its sample answers.
  await page.getByRole('link', { name: "Preview the draft's pages" }).click();
  await heading(page, 'Preview of the draft');
  await page.getByLabel('Language').selectOption({ label: 'हिन्दी' });
  await page.getByLabel('Page', { exact: true }).selectOption({ label: 'धन का स्रोत (/source-of-funds)' });
  await page.getByRole('radio', { name: 'Phone (390 × 844)' }).check();
  const frame = page.locator('iframe[title="Page /source-of-funds in हिन्दी, Phone (390 × 844)"]');
  expect((await frame.boundingBox())?.width).toBe(390);
  const inFrame = page.frameLocator('iframe.ops-preview-frame');
  await inFrame.getByRole('heading', { name: 'धन का स्रोत', level: 1 }).waitFor();
  const label = inFrame.getByText('निवेश के पैसे का मुख्य स्रोत', { exact: true });
  await label.scrollIntoViewIfNeeded();
  expect(await onScreen(page, label)).toBe(true);
  const [box, within] = [await label.boundingBox(), await frame.boundingBox()];
  expect(box && within && box.x >= within.x && box.x + box.width <= within.x + within.width).toBe(true);
  expect(await inFrame.locator('html').getAttribute('lang')).toBe('hi');
  await page.getByRole('button', { name: 'Show errors' }).click();
  await inFrame.getByText('इस प्रश्न का उत्तर दें: निवेश के पैसे का मुख्य स्रोत').waitFor();
  await accessible(page);
  const shared = page.url();
  await page.getByLabel('Page', { exact: true }).selectOption({ label: 'धन का स्रोत (/source-of-funds)' });
  await page.getByRole('radio', { name: 'Desktop (1280 × 800)' }).check();
  await inFrame.getByRole('button', { name: 'आगे बढ़ें' }).click();
  await page.getByText("The answers pass the draft's rules. Next page: टैक्स रेज़िडेंसी (/tax-residency).").waitFor();
  await inFrame.getByText('जन्म का शहर या कस्बा', { exact: true }).waitFor();
  await page.getByRole('link', { name: 'Back to the draft' }).click();
  await heading(page, 'Source of funds, clearer tax words');

  // A finding of the check, at the question it concerns, fixed there.
  await page.getByLabel('Find a text by its words or where it is shown').fill('Town or city of birth');
  await page.getByRole('button', { name: 'Find', exact: true }).click();
  await placeOfBirth.getByLabel('हिन्दी', { exact: true }).fill('');
  await placeOfBirth.getByRole('button', { name: `Save: हिन्दी, ${question}` }).click();
  const finding = placeOfBirth.getByRole('alert');
  await finding.waitFor();
  expect(await finding.textContent()).toBe('हिन्दी: Missing the text ("Town or city of birth")');
  expect(await onScreen(page, finding)).toBe(true);
  await placeOfBirth.getByLabel('हिन्दी', { exact: true }).fill('जन्म का शहर या कस्बा');
  await placeOfBirth.getByRole('button', { name: `Save: हिन्दी, ${question}` }).click();
  await page.getByText(`Saved: ${question} (हिन्दी)`).waitFor();
  expect(await finding.count()).toBe(0);
  await page.getByLabel('Note').fill('Source of funds asked by compliance; plainer tax words');
  await page.getByRole('button', { name: 'Propose for approval' }).click();
  await page.getByText('Proposed for approval.').waitFor();
  // Its author cannot approve it: the console offers no approval, and says whose approval it waits for.
  await page.getByText(`Waiting for approval, started from release ${before?.number} by ${editor}`).waitFor();
  expect(await page.getByRole('button', { name: 'Approve and publish' }).count()).toBe(0);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await heading(page, 'Sign in');

  // The approver opens the shared preview link, signs in there and sees the page as it was shared.
  await page.goto(shared);
  await heading(page, 'Sign in');
  await page.getByLabel('Work email').fill(approver);
  await page.keyboard.press('Enter');
  await page.getByText(`We emailed a 6-digit code to ${approver}.`).waitFor();
  await page.keyboard.type(await env.server.latestCode(approver));
  await heading(page, 'Preview of the draft');
  await page.locator('iframe[title="Page /source-of-funds in हिन्दी, Phone (390 × 844)"]').waitFor();
  await inFrame.getByRole('heading', { name: 'धन का स्रोत', level: 1 }).waitFor();
  await page.getByRole('link', { name: 'Back to the draft' }).click();
  await heading(page, 'Source of funds, clearer tax words');
  const diff = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Open applications it touches' }) });
  const rows = (await diff.getByRole('row').allInnerTexts()).slice(1).map((row) => row.replace(/\s+/g, ' ').trim());
  const open = before?.openApplications ?? 0;
  expect(rows).toEqual(
    expect.arrayContaining([
      `Step 'Source of Funds' added after 'Personal Details' ${open}`,
      "Option 'Gig worker' added to list 'occupation' 0",
      `${question} reworded (English, हिन्दी) ${open}`,
      `Page /tax-residency › message on success reworded (English, हिन्दी) ${open}`,
    ]),
  );
  await page.getByText(`More than words: the ${open} open application(s) on release ${before?.number} finish on that release; new applications start on the new one.`).waitFor();
  await accessible(page);

  // Approved for a set time, taken back, then approved now.
  await page.getByRole('radio', { name: 'At a set time' }).check();
  await page.getByLabel('Date and time (IST)').fill('2099-01-15T10:30');
  await page.getByRole('button', { name: 'Approve to publish at this time' }).click();
  await page.getByText('Approved: publishes at 15/01/2099, 10:30 IST.').waitFor();
  await page.getByText(`Publishes at 15/01/2099, 10:30 IST, started from release ${before?.number} by ${editor}`).waitFor();
  await page.getByRole('link', { name: 'All drafts' }).click();
  await heading(page, 'Config studio');
  await page.getByRole('row', { name: /Source of funds, clearer tax words/ }).getByText('Publishes at 15/01/2099, 10:30 IST').waitFor();
  await page.getByText("'Source of funds, clearer tax words' publishes at 15/01/2099, 10:30 IST as the next release.").waitFor();
  await page.getByRole('link', { name: 'Source of funds, clearer tax words' }).click();
  await page.getByLabel('Note').fill('Publish it today instead');
  await page.getByRole('button', { name: 'Cancel the publishing (Publishes at 15/01/2099, 10:30 IST)' }).click();
  await page.getByText('Publishing at the set time cancelled: the draft waits for approval again.').waitFor();
  await page.getByRole('button', { name: 'Approve and publish' }).click();
  const published = (before?.number ?? 0) + 1;
  await page.getByText(`Published as release ${published}.`).first().waitFor();

  // A new applicant starts on the new release and its new step comes after personal details; the one half-way keeps theirs.
  await clientReady(published);
  const newcomer = '9876500042';
  await applicantWho(newcomer, 'Business', 'ABCPK3456S');
  expect(await userByPhone(env.db, newcomer)).toMatchObject({ config_release: published, next_step: 'source_of_funds' });
  expect(await userByPhone(env.db, halfWay)).toMatchObject({ config_release: before?.number, next_step: 'tax_residency' });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await heading(page, 'Sign in');

  // The auditor reads every action: who, when, what and why.
  await signInToConsole(env, page, auditor, 'Applications');
  await page.getByRole('link', { name: 'Config studio' }).click();
  await page.getByRole('link', { name: 'Source of funds, clearer tax words' }).click();
  await heading(page, 'Source of funds, clearer tax words');
  const history = await page.getByRole('table').last().getByRole('row').allInnerTexts();
  expect(history.slice(1).map((row: string) => row.split('\t').slice(1).join(' | '))).toEqual([
    `${editor} | Started | Source of funds, clearer tax words`,
    `${editor} | Edited | ${question} (English)`,
    `${editor} | Edited | ${question} (हिन्दी)`,
    `${editor} | Edited | Page /tax-residency › message on success (English)`,
    `${editor} | Edited | Page /tax-residency › message on success (हिन्दी)`,
    `${editor} | Edited | List 'occupation'`,
    `${editor} | Edited | Step 'Source of Funds' (/source-of-funds)`,
    `${editor} | Edited | ${question} (हिन्दी)`,
    `${editor} | Edited | ${question} (हिन्दी)`,
    `${editor} | Proposed | Source of funds asked by compliance; plainer tax words`,
    `${approver} | Approved to publish at a set time | Publishes at 15/01/2099, 10:30 IST`,
    `${approver} | Publishing at a set time cancelled | Publish it today instead`,
    `${approver} | Published | release ${published}`,
  ]);
  await accessible(page);
});

/** The studio's API as the machine token (its drafts' author is 'ops-token', so a signed-in approver may approve them). */
async function studioApi<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${env.server.url}/api/ops/studio/${path}`, {
    method,
    headers: { authorization: `Bearer ${opsToken}`, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  expect(answer.status).toBeLessThan(300);
  return (await answer.json()) as T;
}

it('an approver with only a keyboard sets a time to publish, takes it back, and walks the preview: every control reached by Tab, worked by keys, its focus shown', async () => {
  const { page } = browser;
  // A proposed draft with the PAN page's heading reworded in both languages, made through the API.
  const { draft } = await studioApi<StudioDraftView>('POST', 'drafts', { purpose: 'PAN heading, by keyboard' });
  const where = 'Page /verify-pan › heading';
  const { texts } = await studioApi<StudioTextList>('GET', `drafts/${draft.id}/texts?q=${encodeURIComponent(where)}`);
  const textId = texts.find((text) => text.where === where)?.id;
  let version = (await studioApi<StudioDraftView>('PUT', `drafts/${draft.id}/words`, { textId, language: 'en', words: 'Your PAN, please', version: 1 })).draft.version;
  version = (await studioApi<StudioDraftView>('PUT', `drafts/${draft.id}/words`, { textId, language: 'hi', words: 'आपका PAN, कृपया', version })).draft.version;
  await studioApi('POST', `drafts/${draft.id}/propose`, { version });

  await signIn(page, approver);
  const keys = keyboardUser(page);
  await keys.tabTo(page.getByRole('link', { name: 'PAN heading, by keyboard' }));
  await keys.press('Enter');
  await heading(page, 'PAN heading, by keyboard');

  // The radio group is one Tab stop (the chosen one); arrows choose within it.
  const now = page.getByRole('radio', { name: 'Now', exact: true });
  await keys.tabTo(now);
  await keys.press('ArrowDown');
  expect(await page.getByRole('radio', { name: 'At a set time' }).isChecked()).toBe(true);
  const time = page.getByLabel('Date and time (IST)');
  await keys.tabTo(time);
  // Chromium's date and time field: each part typed in turn (the browser's order, month first); Tab moves from the
  // year (up to six digits) to the hour, inside the field; AM by its letter.
  await keys.type('01152099');
  await keys.press('Tab');
  await keys.type('1030A');
  expect(await time.inputValue()).toBe('2099-01-15T10:30');
  expect(keys.findings).toEqual([]);
  await keys.tabTo(page.getByRole('button', { name: 'Approve to publish at this time' }));
  // On its way out Tab stops at the field's calendar button, inside the field: Chromium rings it there, where the
  // walk cannot read a look (it sees the field, unchanged). The field's own ring was checked on arrival above.
  const calendar = 'input "Date and time (IST)": looks the same with and without focus';
  expect(keys.findings.map(({ targets }) => targets)).toEqual([[calendar]]);
  keys.findings.length = 0;
  await keys.press('Enter');
  await page.getByText('Approved: publishes at 15/01/2099, 10:30 IST.').waitFor();
  const cancel = page.getByRole('button', { name: 'Cancel the publishing (Publishes at 15/01/2099, 10:30 IST)' });
  await keys.tabTo(cancel, { backwards: true });
  await keys.press('Space');
  await page.getByText('Publishing at the set time cancelled: the draft waits for approval again.').waitFor();
  // The approval starts afresh: the cancelled time is not offered again.
  expect(await page.getByRole('radio', { name: 'Now' }).isChecked()).toBe(true);
  expect(await page.getByLabel('Date and time (IST)').count()).toBe(0);
  await page.getByRole('button', { name: 'Approve and publish' }).waitFor();

  // The preview: page, language, size and the form's errors, all by keys.
  await keys.tabTo(page.getByRole('link', { name: "Preview the draft's pages" }), { backwards: true });
  await keys.press('Enter');
  await heading(page, 'Preview of the draft');
  const inFrame = page.frameLocator('iframe.ops-preview-frame');
  const pageSelect = page.getByLabel('Page', { exact: true });
  await keys.tabTo(pageSelect);
  const addressPage = () => new URL(page.url()).searchParams.get('page');
  for (let press = 0; press < 40 && (await pageSelect.inputValue()) !== '/verify-pan'; press += 1) {
    await keys.press('ArrowDown');
    // The select holds the choice while the address follows it: the next press starts from the page just chosen.
    await expect.poll(addressPage).toBe(await pageSelect.inputValue());
  }
  expect(await pageSelect.inputValue()).toBe('/verify-pan');
  await keys.tabTo(page.getByLabel('Language'));
  await keys.press('ArrowDown');
  const frameTitle = () => page.locator('iframe.ops-preview-frame').getAttribute('title');
  await expect.poll(frameTitle).toBe('Page /verify-pan in हिन्दी, Phone (390 × 844)');
  await inFrame.getByRole('heading', { name: 'आपका PAN, कृपया', level: 1 }).waitFor();
  await inFrame.getByLabel('PAN', { exact: false }).first().waitFor();
  // The page's own first field takes the focus in the app, not in the preview: it stays on the console's control.
  expect(await page.getByLabel('Language').evaluate((element) => element === document.activeElement)).toBe(true);
  await keys.tabTo(page.getByRole('radio', { name: 'Phone (390 × 844)' }));
  await keys.press('ArrowRight');
  expect(await page.getByRole('radio', { name: 'Desktop (1280 × 800)' }).isChecked()).toBe(true);
  await expect.poll(frameTitle).toBe('Page /verify-pan in हिन्दी, Desktop (1280 × 800)');
  await keys.tabTo(page.getByRole('button', { name: 'Show errors' }));
  await keys.press('Space');
  await inFrame.getByRole('alert').first().waitFor();
  expect(keys.findings).toEqual([]);
  expect(keys.stops).toBeGreaterThan(5);
});

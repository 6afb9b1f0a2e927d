import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeclarationOnRecord, OpsApplicationResponse } from '../../../core/api/types';
import { mergePages } from '../../../core/engine/config-types';
import { evidenceTexts } from '../../../core/engine/evidence-texts';
import { defaultConfigDir, loadConfig } from '../../../server/config/load-config';
import { releaseWorkingConfig } from '../../../server/releases/release-command';
import { sha256Hex } from '../../../server/releases/evidence';
import { defaultStepSchemasDir } from '../../../server/validation/step-validators';
import { buildApp } from '../../../server/app';
import { type TestApp, auth } from '../helpers';
import { opsCall, opsToken, publicUrl, startOpsApp } from '../ops-fixtures';
import { type Applicant, applicantAt, send, setUserRow, validPersonalDetails } from '../step-fixtures';
import { stepAnswersOf, userIdOf } from '../stored-records';
import { readZip } from '../zip-reader';

/**
 * Issue 29's evidence test: the F&O risk disclosure is reworded in a new release, and the server is deployed on it; an
 * applicant who acknowledged the old one keeps the old words on record, one who signs up afterwards has the new.
 */

interface DisclosureOptions {
  heading: string;
  items: string[];
  source: string;
  link: { text: string };
}
type PagesJson = { pages: Record<string, { form: { uiSchema: Record<string, { 'ui:options': DisclosureOptions }> }; copy: Record<string, string> }> };

const pageFile = (dir: string) => join(dir, 'pages', 'personal-details.json');
const readPage = (dir: string) => (JSON.parse(readFileSync(pageFile(dir), 'utf8')) as PagesJson).pages['/personal-details']!;

/** The words the page shows for the disclosure, as the page file writes them: the widget's texts, then the statement. */
function disclosureWords(dir: string): string[] {
  const page = readPage(dir);
  const options = page.form.uiSchema.fnoRiskAcknowledged!['ui:options'];
  return [options.heading, ...options.items, options.source, options.link.text, page.copy['fnoRiskAcknowledged.label']!];
}

const rewordedItem = '9 out of 10 individual traders in equity Futures and Options lost money (SEBI, September 2024).';
const tempDirs: string[] = [];

function rewordedConfig(): string {
  const root = mkdtempSync(join(tmpdir(), 'onboard-evidence-'));
  tempDirs.push(root);
  const dir = join(root, 'flow-config');
  cpSync(defaultConfigDir, dir, { recursive: true });
  const file = JSON.parse(readFileSync(pageFile(dir), 'utf8')) as PagesJson;
  file.pages['/personal-details']!.form.uiSchema.fnoRiskAcknowledged!['ui:options'].items[0] = rewordedItem;
  writeFileSync(pageFile(dir), JSON.stringify(file, null, 2));
  return dir;
}

let first: TestApp;
/** The server the applicant in hand uses: the first one, then the one deployed on release 2. */
let t: TestApp;
const started: TestApp[] = [];
beforeAll(async () => {
  first = await startOpsApp();
  t = first;
});
afterAll(async () => {
  for (const app of started) await app.app.close();
  await first.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** Another server on the same database, serving `configDir` (a deploy of a new release). */
async function deployed(configDir: string): Promise<TestApp> {
  const app = await buildApp({
    dataDir: first.dir,
    ...(first.databaseUrl ? { databaseUrl: first.databaseUrl } : {}),
    configDir,
    clock: () => first.clock.now,
    secret: 'test-secret',
    staticDir: join(first.dir, 'no-client-build'),
    bank: { branchSnapshot: false },
    sweepIntervalMs: 0,
    sandboxDelayMs: 0,
    opsToken,
    publicUrl,
    limits: { sendsPerIp: 10_000 },
  });
  const next: TestApp = { ...first, app, close: () => app.close() };
  started.push(next);
  return next;
}

async function acknowledge(): Promise<Applicant> {
  const who = await applicantAt(t, 'personal_details');
  expect((await send(t, who, '/api/user/personal-details', validPersonalDetails)).status).toBe(200);
  return who;
}

const disclosureOf = (declarations: DeclarationOnRecord[]) => declarations.find((entry) => entry.step === 'personal_details' && entry.field === 'fnoRiskAcknowledged');

async function onRecordInBackOffice(who: Applicant): Promise<DeclarationOnRecord | undefined> {
  const { status, body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${await userIdOf(t, who)}`);
  expect(status).toBe(200);
  return disclosureOf(body.application.declarations);
}

async function onRecordInExport(who: Applicant): Promise<DeclarationOnRecord | undefined> {
  const response = await t.app.inject({ method: 'GET', url: '/api/user/data-export', headers: auth(who.token).headers });
  expect(response.statusCode).toBe(200);
  const data = JSON.parse(readZip(response.rawPayload).get('data.json')?.toString('utf8') ?? '{}') as { declarations: DeclarationOnRecord[] };
  return disclosureOf(data.declarations);
}

describe('evidence of what was agreed, across a release that rewords the F&O disclosure', () => {
  it('each acknowledgement stores its release, language and the hash of the words shown; the back office and the export show those words', async () => {
    const oldWords = disclosureWords(defaultConfigDir);
    const early = await acknowledge();
    const stored = (await stepAnswersOf(t, early)).personal_details;
    expect(stored?.declaredText).toEqual({
      fnoRiskAcknowledged: { release: 1, language: 'en', textSha256: sha256Hex(oldWords.join('\n')) },
      otherOptionsDeclaration: { release: 1, language: 'en', textSha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
    });

    const newConfig = rewordedConfig();
    const newWords = disclosureWords(newConfig);
    expect(newWords).not.toEqual(oldWords);
    expect(newWords).toContain(rewordedItem);
    const made = await releaseWorkingConfig({ configDir: newConfig, stepSchemasDir: defaultStepSchemasDir, dataDir: t.dir, databaseUrl: t.databaseUrl, createdBy: 'compliance', now: t.clock.now });
    expect(made).toMatchObject({ created: true, release: { number: 2 } });
    t = await deployed(newConfig);
    const late = await acknowledge();

    const declaredAt = new Date(t.clock.now).toISOString();
    const before = { kind: 'declaration', step: 'personal_details', field: 'fnoRiskAcknowledged', declaredAt, release: 1, language: 'en', languageName: 'English', textSha256: sha256Hex(oldWords.join('\n')), words: oldWords, wordsMatch: true };
    const after = { ...before, release: 2, textSha256: sha256Hex(newWords.join('\n')), words: newWords };
    expect(await onRecordInBackOffice(early)).toEqual(before);
    expect(await onRecordInBackOffice(late)).toEqual(after);
    expect(await onRecordInExport(early)).toEqual(before);
    expect(await onRecordInExport(late)).toEqual(after);
  });

  it('an applicant of release 1 who ticks on a server showing release 2: the words shown are hashed, and the record flags that release 1 words it otherwise', async () => {
    // Until the server serves each applicant their own release's pages, this is what deploying a release under open applications does.
    const who = await applicantAt(t, 'personal_details');
    await setUserRow(t, who.phone, { config_release: 1 });
    expect((await send(t, who, '/api/user/personal-details', validPersonalDetails)).status).toBe(200);
    const shownNow = disclosureWords(tempDirs.map((root) => join(root, 'flow-config')).at(-1)!);
    expect(await onRecordInBackOffice(who)).toMatchObject({ release: 1, textSha256: sha256Hex(shownNow.join('\n')), words: disclosureWords(defaultConfigDir), wordsMatch: false });
  });

  it('an acknowledged MITC and the Privacy Notice consents are on record too, in the words shown, with their release', async () => {
    const config = loadConfig();
    const pages = mergePages(config);
    const mitc = evidenceTexts(pages).get('mitc')!;
    const who = await applicantAt(t, 'aadhaar_e_sign_documents');
    expect((await send(t, who, '/api/user/acknowledgements/mitc', { version: mitc.version })).status).toBe(200);
    const { body } = await opsCall<OpsApplicationResponse>(t, 'GET', `/api/ops/applications/${await userIdOf(t, who)}`);
    const at = new Date(t.clock.now).toISOString();
    expect(body.application.declarations.filter((entry) => entry.kind === 'acknowledgement')).toEqual([
      { kind: 'acknowledgement', step: null, field: 'mitc', declaredAt: at, release: 2, language: 'en', languageName: 'English', textSha256: sha256Hex(mitc.words.join('\n')), words: mitc.words, wordsMatch: true },
    ]);
    const required = config.privacy.purposes.filter((purpose) => purpose.required);
    expect(body.application.declarations.filter((entry) => entry.kind === 'consent')).toEqual(
      required.map((purpose) => {
        const words = [purpose.title, purpose.data, purpose.text, ...(purpose.whyRequired ? [purpose.whyRequired] : [])];
        return { kind: 'consent', step: null, field: purpose.id, declaredAt: at, release: 2, language: 'en', languageName: 'English', textSha256: sha256Hex(words.join('\n')), words, wordsMatch: true };
      }),
    );
  });

  it('an applicant reading Hindi: their tick keeps the language and the Hindi words shown, and the back office quotes them', async () => {
    const who = await applicantAt(t, 'personal_details');
    expect((await send(t, who, '/api/user/language', { language: 'hi' })).status).toBe(200);
    expect((await send(t, who, '/api/user/personal-details', validPersonalDetails)).status).toBe(200);
    const hindi = disclosureWords(join(defaultConfigDir, 'languages', 'hi'));
    expect(hindi[0]).toBe('डेरिवेटिव से संबंधित जोखिम प्रकटीकरण');
    expect(await onRecordInBackOffice(who)).toMatchObject({ release: 2, language: 'hi', languageName: 'हिन्दी', textSha256: sha256Hex(hindi.join('\n')), words: hindi, wordsMatch: true });
  });

  it('the user record never offers the evidence back as an answer', async () => {
    const who = await acknowledge();
    const me = (await t.app.inject({ method: 'GET', url: '/api/user', headers: auth(who.token).headers })).json<{ user: Record<string, unknown> }>().user;
    expect(me).not.toHaveProperty('declaredText');
  });
});

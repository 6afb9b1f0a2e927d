import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OpsReleaseList, StudioDraftView, StudioListsView, StudioTextList } from '../../../core/api/types';
import { configDir, stepSchemasDir } from '../../../server/config/config-dirs';
import { loadConfig } from '../../../server/config/load-config';
import { createDatabase } from '../../../server/db/database';
import { releaseHashAndFiles } from '../../../server/releases/repository';
import { validPersonalDetails } from '../../fixtures/payloads';
import { type Refusal, withStudio } from './studio-fixtures';
import { bearer, newPan, opsCall } from '../ops-fixtures';
import { applicantAtPan, send, setUserRow, verifyAndConfirmPan } from '../step-fixtures';

/**
 * Issue 31, the config studio beyond words: a list's options (added with their Hindi, reworded, reordered, retired,
 * each with the applications that chose it), the settings with the check's limits, the business diff an approver
 * reads with the release rule that applies to open applications, rollback, and a release as a patch for git.
 */

const { studio, newDraft } = withStudio();
const listsOf = async (draftId: string) => (await opsCall<StudioListsView>(studio.t, 'GET', `/api/ops/studio/drafts/${draftId}/lists`, undefined, bearer(studio.editor))).body.lists;
const putList = (draftId: string, name: string, body: { version: number; options: { value: string; words: Record<string, string> }[] }) =>
  opsCall<StudioDraftView>(studio.t, 'PUT', `/api/ops/studio/drafts/${draftId}/lists/${name}`, body, bearer(studio.editor));
const putSetting = (draftId: string, key: string, body: { version: number; value: number | number[] }) =>
  opsCall<StudioDraftView>(studio.t, 'PUT', `/api/ops/studio/drafts/${draftId}/settings/${key}`, body, bearer(studio.editor));
const decide = (draftId: string, action: 'propose' | 'approve', version: number, token: string) =>
  opsCall<StudioDraftView>(studio.t, 'POST', `/api/ops/studio/drafts/${draftId}/${action}`, { version }, bearer(token));
const releases = async () => (await opsCall<OpsReleaseList>(studio.t, 'GET', '/api/ops/releases')).body.releases;

/** An applicant who saved personal details with `occupation`; submitted when `open` is false. */
async function applicantWho(occupation: string, open: boolean) {
  const who = await applicantAtPan(studio.t);
  await verifyAndConfirmPan(studio.t, who, newPan());
  await setUserRow(studio.t, who.phone, { next_step: 'personal_details' });
  expect((await send(studio.t, who, '/api/user/personal-details', { ...validPersonalDetails, occupation })).status).toBe(200);
  if (!open) await setUserRow(studio.t, who.phone, { submitted_at: Date.now() });
}

/** Occupation's options as an edit gives them, from the draft's lists. */
const occupationEdit = async (draftId: string) =>
  (await listsOf(draftId))
    .find(({ name }) => name === 'occupation')
    ?.options.filter(({ status }) => status !== 'retired')
    .map(({ value, words }) => ({ value, words: { en: words.en ?? value } })) ?? [];

describe("a list's options", () => {
  it('lists each option with its words and the applications that chose it, open ones apart, and the questions that ask it', async () => {
    await applicantWho('Housewife', true);
    await applicantWho('Housewife', false);
    await applicantWho('Student', true);
    const draft = await newDraft('Occupations');
    const occupation = (await listsOf(draft.draft.id)).find(({ name }) => name === 'occupation');
    expect(occupation?.questions).toEqual(["Form 'Personal details' › question 'occupation'"]);
    expect(occupation?.options.find(({ value }) => value === 'Housewife')).toEqual({ value: 'Housewife', words: { en: 'Housewife', hi: 'गृहिणी' }, chosen: 2, open: 1, status: 'kept' });
    expect(occupation?.options.find(({ value }) => value === 'Student')).toMatchObject({ chosen: 1, open: 1 });
    expect(occupation?.options.find(({ value }) => value === 'Business')).toMatchObject({ chosen: 0, open: 0 });
    const segments = (await listsOf(draft.draft.id)).find(({ name }) => name === 'segments');
    expect(segments?.options.find(({ value }) => value === 'FNO')).toMatchObject({ words: { en: 'Equity Derivatives' }, chosen: 3, open: 2 });
  });

  it('rewords, adds with its Hindi, reorders and retires; the approver reads each in business terms with the open applications it touches', async () => {
    const draft = await newDraft('Occupations, plainly');
    const options = await occupationEdit(draft.draft.id);
    const edited = options
      .filter(({ value }) => value !== 'Agriculturist')
      .map((option) => (option.value === 'Housewife' ? { value: 'Housewife', words: { en: 'Homemaker', hi: 'गृहस्थ' } } : option));
    const student = edited.findIndex(({ value }) => value === 'Student');
    const reordered = [edited[student], ...edited.slice(0, student), ...edited.slice(student + 1)].filter((option) => option !== undefined);
    const saved = await putList(draft.draft.id, 'occupation', { version: 1, options: [...reordered.slice(0, -1), { value: 'Freelancer', words: { en: 'Freelancer', hi: 'फ़्रीलांसर' } }, ...reordered.slice(-1)] });
    expect(saved.status).toBe(200);
    expect(saved.body.findings).toEqual([]);
    expect(saved.body.diff).toEqual([
      { kind: 'optionRenamed', subject: 'occupation', before: 'Housewife', after: 'Homemaker', evidence: false, languages: [], chosen: 2, open: 1 },
      { kind: 'optionAdded', subject: 'occupation', before: null, after: 'Freelancer', evidence: false, languages: [], chosen: null, open: 0 },
      { kind: 'optionRetired', subject: 'occupation', before: 'Agriculturist', after: null, evidence: false, languages: [], chosen: 0, open: 0 },
      { kind: 'optionsReordered', subject: 'occupation', before: null, after: null, evidence: false, languages: [], chosen: null, open: 0 },
      { kind: 'textReworded', subject: "List 'occupation' › option 'Housewife'", before: null, after: null, evidence: false, languages: ['hi'], chosen: null, open: 2 },
    ]);
    expect(saved.body.release).toEqual({ wordingOnly: false, openOnBase: 2 });
    expect(saved.body.history.at(-1)).toMatchObject({ action: 'edited', note: "List 'occupation'" });

    const lists = await listsOf(draft.draft.id);
    const occupation = lists.find(({ name }) => name === 'occupation');
    const sent = [...reordered.slice(0, -1).map(({ value }) => value), 'Freelancer', ...reordered.slice(-1).map(({ value }) => value)];
    expect(occupation?.options.map(({ value, status }) => `${value}:${status}`)).toEqual([...sent.map((value) => `${value}:${value === 'Freelancer' ? 'added' : 'kept'}`), 'Agriculturist:retired']);
    expect(sent.slice(0, 2)).toEqual(['Student', 'Private Sector']);
    expect(occupation?.options.find(({ value }) => value === 'Housewife')?.words).toEqual({ en: 'Homemaker', hi: 'गृहस्थ' });

    const late = await putList(draft.draft.id, 'occupation', { version: 1, options });
    expect([late.status, (late.body as unknown as Refusal).message]).toEqual([409, 'someone changed this draft since you opened it; open it again to see their change']);
  });

  it('an option added without its Hindi is a finding at that option and a translation to do; with it, the draft can be proposed', async () => {
    const draft = await newDraft('Self-employed');
    const options = await occupationEdit(draft.draft.id);
    const saved = await putList(draft.draft.id, 'occupation', { version: 1, options: [...options, { value: 'Self-employed', words: { en: 'Self-employed' } }] });
    expect(saved.body.findings.map(({ where, problem, said }) => ({ where, problem, said }))).toEqual([
      {
        where: "List 'occupation' › option 'Self-employed'",
        problem: 'flow-config/languages/hi/lists/occupation.json: missing the text at labels.Self-employed ("Self-employed")',
        said: 'हिन्दी: Missing the text ("Self-employed")',
      },
    ]);
    expect(saved.body.translations).toEqual([expect.objectContaining({ where: "List 'occupation' › option 'Self-employed'", language: 'hi', problem: 'missing' })]);
    expect((await decide(draft.draft.id, 'propose', 2, studio.editor)).status).toBe(409);
    const fixed = await putList(draft.draft.id, 'occupation', { version: 2, options: [...options, { value: 'Self-employed', words: { en: 'Self-employed', hi: 'स्व-रोज़गार' } }] });
    expect({ findings: fixed.body.findings, translations: fixed.body.translations }).toEqual({ findings: [], translations: [] });
    expect((await decide(draft.draft.id, 'propose', 3, studio.editor)).status).toBe(200);
  });

  it.each([
    ['two options with one value', [{ value: 'Business', words: { en: 'Business' } }, { value: 'Business', words: { en: 'Trade' } }], 400, 'two options have the same value'],
    ['a value with a space around it', [{ value: ' Business', words: { en: 'Business' } }], 400, "an option's value is blank or starts or ends with a space"],
    ['a new option without English', [{ value: 'Trader', words: { hi: 'व्यापारी' } }], 400, "an option needs its words in the config's own language"],
    ['a language the config lacks', [{ value: 'Business', words: { fr: 'Affaires' } }], 400, 'the config has no such language'],
    ['no options', [], 400, undefined],
  ])('refuses %s, changing nothing', async (_name, options, status, message) => {
    const draft = await newDraft('Bad list');
    const answer = await putList(draft.draft.id, 'occupation', { version: 1, options });
    expect(answer.status).toBe(status);
    if (message) expect((answer.body as unknown as Refusal).message).toBe(message);
    expect((await opsCall<StudioDraftView>(studio.t, 'GET', `/api/ops/studio/drafts/${draft.draft.id}`, undefined, bearer(studio.editor))).body.draft.version).toBe(1);
  });

  it('an unknown list: 404', async () => {
    const draft = await newDraft('No list');
    const answer = await putList(draft.draft.id, 'professions', { version: 1, options: [{ value: 'A', words: { en: 'A' } }] });
    expect([answer.status, (answer.body as unknown as Refusal).message]).toEqual([404, 'no such list in this draft']);
  });

  it('an option reworded alone is wording: published, it reaches the open applications at once', async () => {
    const draft = await newDraft('Homemaker, words only');
    const options = (await occupationEdit(draft.draft.id)).map((option) => (option.value === 'Housewife' ? { value: 'Housewife', words: { en: 'Homemaker', hi: 'गृहस्थ' } } : option));
    const saved = await putList(draft.draft.id, 'occupation', { version: 1, options });
    expect(saved.body.release).toEqual({ wordingOnly: true, openOnBase: 2 });
  });
});

describe('texts in the business diff', () => {
  it('a reworded disclosure is one change, marked evidence, in the languages reworded; words alone reach the open applications at once', async () => {
    const draft = await newDraft('Clearer F&O disclosure');
    const found = await opsCall<StudioTextList>(studio.t, 'GET', `/api/ops/studio/drafts/${draft.draft.id}/texts?q=${encodeURIComponent('Risk disclosures on derivatives')}`, undefined, bearer(studio.editor));
    const disclosure = found.body.texts.find(({ evidence }) => evidence);
    if (!disclosure) throw new Error('no evidence text found');
    await opsCall(studio.t, 'PUT', `/api/ops/studio/drafts/${draft.draft.id}/words`, { textId: disclosure.id, language: 'en', words: 'Risks of trading derivatives', version: 1 }, bearer(studio.editor));
    const view = await opsCall<StudioDraftView>(studio.t, 'PUT', `/api/ops/studio/drafts/${draft.draft.id}/words`, { textId: disclosure.id, language: 'hi', words: 'डेरिवेटिव ट्रेडिंग के जोखिम', version: 2 }, bearer(studio.editor));
    expect(view.body.diff).toEqual([
      { kind: 'textReworded', subject: disclosure.where, before: disclosure.words.en, after: 'Risks of trading derivatives', evidence: true, languages: ['en', 'hi'], chosen: null, open: view.body.release.openOnBase },
    ]);
    expect(view.body.release.wordingOnly).toBe(true);
  });
});

describe('settings', () => {
  it('shows each setting with the limits of the check, and the check finds a value beyond them at the setting', async () => {
    const draft = await newDraft('Fewer nominees');
    expect(draft.settings).toEqual([
      { key: 'maxNominees', value: 10, minimum: 1, maximum: 10 },
      { key: 'rectificationDays', value: 15, minimum: 1, maximum: 90 },
      { key: 'reminderDays', value: [7, 13], minimum: 1, maximum: null },
    ]);
    const late = await putSetting(draft.draft.id, 'reminderDays', { version: 1, value: [7, 20] });
    expect(late.body.findings.map(({ problem }) => problem)).toEqual(['flow-config/flow.json: review.rectification.reminderDays/1: day 20 is not before the deadline (rectificationDays 15)']);
    const tooMany = await putSetting(draft.draft.id, 'maxNominees', { version: 2, value: 11 });
    expect(tooMany.body.findings.map(({ problem }) => problem)).toEqual(['flow-config/flow.json: /settings/maxNominees must be <= 10']);
    await putSetting(draft.draft.id, 'reminderDays', { version: 3, value: [5, 10] });
    const fewer = await putSetting(draft.draft.id, 'maxNominees', { version: 4, value: 5 });
    expect(fewer.body.findings).toEqual([]);
    expect(fewer.body.settings[0]).toEqual({ key: 'maxNominees', value: 5, minimum: 1, maximum: 10 });
    expect(fewer.body.diff.map(({ kind, subject, before, after }) => [kind, subject, before, after])).toEqual([
      ['settingChanged', 'maxNominees', '10', '5'],
      ['settingChanged', 'reminderDays', '7, 13', '5, 10'],
    ]);
    expect(fewer.body.release.wordingOnly).toBe(false);
  });

  it.each([
    ['an unknown setting', 'maxApplicants', { version: 1, value: 3 }],
    ['a list for a number', 'maxNominees', { version: 1, value: [3] }],
    ['a number for days', 'reminderDays', { version: 1, value: 3 }],
    ['a fraction', 'rectificationDays', { version: 1, value: 1.5 }],
  ])('refuses %s with a 400', async (_name, key, body) => {
    const draft = await newDraft('Bad setting');
    expect((await putSetting(draft.draft.id, key, body)).status).toBe(400);
  });
});

describe('rollback and the release as a patch', () => {
  let published: number;
  let before: number;

  it('a published draft of options and a setting: open applications stay on their release (a structural change)', async () => {
    before = (await releases())[0]?.number ?? 0;
    const openBefore = (await releases())[0]?.openApplications;
    const draft = await newDraft('Homemaker and five nominees');
    const options = (await occupationEdit(draft.draft.id)).map((option) => (option.value === 'Housewife' ? { value: 'Housewife', words: { en: 'Homemaker', hi: 'गृहस्थ' } } : option));
    await putList(draft.draft.id, 'occupation', { version: 1, options: [...options, { value: 'Freelancer', words: { en: 'Freelancer', hi: 'फ़्रीलांसर' } }] });
    await putSetting(draft.draft.id, 'maxNominees', { version: 2, value: 5 });
    await decide(draft.draft.id, 'propose', 3, studio.editor);
    const approved = await decide(draft.draft.id, 'approve', 4, studio.approver);
    expect(approved.status).toBe(200);
    published = approved.body.draft.publishedRelease ?? 0;
    expect(published).toBe(before + 1);
    const list = await releases();
    expect(list.find(({ number }) => number === before)?.openApplications).toBe(openBefore);
    expect(list.find(({ number }) => number === published)?.openApplications).toBe(0);
  });

  it('downloads the release as a patch that git apply writes into a clean checkout of the running files', async () => {
    const answer = await studio.t.app.inject({ method: 'GET', url: `/api/ops/studio/releases/${published}/patch`, headers: bearer(studio.editor) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/x-diff; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="config-release-${published}.patch"`);
    // Each changed value on a line of its own ("-" the running file's, "+" the release's), however the files are laid out.
    expect(answer.body).toMatch(/^-.*"Housewife"/m);
    expect(answer.body).toMatch(/^\+.*"title": "Homemaker"/m);
    expect(answer.body).toMatch(/^-.*"maxNominees": 10/m);
    expect(answer.body).toMatch(/^\+.*"maxNominees": 5/m);

    const repo = mkdtempSync(join(tmpdir(), 'onboard-patch-'));
    try {
      // The files this server runs (the repository's, or the edited copy config-edits points it at).
      cpSync(configDir, join(repo, 'flow-config'), { recursive: true });
      cpSync(dirname(stepSchemasDir), join(repo, 'schemas'), { recursive: true });
      const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
      git('init', '-q');
      git('add', '-A');
      git('commit', '-qm', 'running files');
      writeFileSync(join(repo, 'release.patch'), answer.body);
      git('apply', '--check', 'release.patch');
      git('apply', 'release.patch');
      const db = createDatabase({ dataDir: studio.t.dir, databaseUrl: studio.t.databaseUrl });
      const files = await releaseHashAndFiles(db, published).finally(() => db.destroy());
      for (const [path, text] of Object.entries(files?.files() ?? {})) expect(readFileSync(join(repo, path), 'utf8'), path).toBe(text);
      // The checkout with the patch applied passes the config check, as npm run check:config runs it there.
      expect(() => loadConfig(join(repo, 'flow-config'), { stepSchemasDir: join(repo, 'schemas', 'step-data') })).not.toThrow();
      expect(git('status', '--porcelain').split('\n').filter(Boolean).sort()).toEqual([
        ' M flow-config/flow.json',
        ' M flow-config/languages/hi/lists/occupation.json',
        ' M schemas/lists/occupation.json',
        '?? release.patch',
      ]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('an approver rolls back: a new release equal to the earlier one, recorded with its history; an editor may not', async () => {
    const refused = await opsCall<Refusal>(studio.t, 'POST', `/api/ops/studio/releases/${before}/rollback`, { note: 'x' }, bearer(studio.editor));
    expect([refused.status, refused.body.message]).toEqual([403, 'the editor role may not do this']);
    const newest = await opsCall<Refusal>(studio.t, 'POST', `/api/ops/studio/releases/${published}/rollback`, {}, bearer(studio.approver));
    expect([newest.status, newest.body.message]).toEqual([409, 'this release is the newest already: there is nothing to roll back']);
    const missing = await opsCall<Refusal>(studio.t, 'POST', '/api/ops/studio/releases/999/rollback', {}, bearer(studio.approver));
    expect([missing.status, missing.body.message]).toEqual([404, 'no such config release']);

    const rolled = await opsCall<StudioDraftView>(studio.t, 'POST', `/api/ops/studio/releases/${before}/rollback`, { note: 'Homemaker confused reviewers' }, bearer(studio.approver));
    expect(rolled.status).toBe(201);
    expect(rolled.body.draft).toMatchObject({ purpose: `Rollback to release ${before}`, author: 'neha.approver@broker.test', status: 'published', publishedRelease: published + 1, baseRelease: published });
    expect(rolled.body.history.map(({ actor, action, note }) => [actor, action, note])).toEqual([
      ['neha.approver@broker.test', 'created', `Rollback to release ${before}`],
      ['neha.approver@broker.test', 'rolledBack', `release ${published + 1}: Homemaker confused reviewers`],
    ]);
    expect(rolled.body.diff.map(({ kind, before, after }) => `${kind}: ${before} → ${after}`)).toEqual([
      'optionRenamed: Homemaker → Housewife',
      'optionRetired: Freelancer → null',
      'settingChanged: 5 → 10',
      'textReworded: null → null',
    ]);
    const list = await releases();
    expect(list[0]).toMatchObject({ number: published + 1, createdBy: 'neha.approver@broker.test', hash: list.find(({ number }) => number === before)?.hash });
  });
});

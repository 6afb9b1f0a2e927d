import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsReleaseList, StudioDraftList, StudioDraftView, StudioTextList } from '../../../core/api/types';
import { parseCsv, toCsv } from '../../../core/studio/csv';
import { type TestApp, signIn } from '../helpers';
import { bearer, opsCall, signInReviewer, startOpsApp } from '../ops-fixtures';

/**
 * Issue 31, the config studio's API: an editor drafts new words for the config's texts, in business terms and every
 * language side by side; the config check runs on every change and names the text it concerns; an approver other
 * than the author publishes the draft as the next release; every action is in the draft's history.
 */

let t: TestApp;
let editor: string;
let otherEditor: string;
let approver: string;
let reviewer: string;
beforeAll(async () => {
  t = await startOpsApp();
  editor = await signInReviewer(t, 'priya.editor@broker.test', 'editor');
  otherEditor = await signInReviewer(t, 'kabir.editor@broker.test', 'editor');
  approver = await signInReviewer(t, 'neha.approver@broker.test', 'approver');
  reviewer = await signInReviewer(t, 'ravi.reviewer@broker.test', 'reviewer');
});
afterAll(() => t.close());

const newDraft = async (purpose: string, token = editor) => {
  const made = await opsCall<StudioDraftView>(t, 'POST', '/api/ops/studio/drafts', { purpose }, bearer(token));
  expect(made.status).toBe(201);
  return made.body;
};

async function textAt(draftId: string, query: string, where: string) {
  const found = await opsCall<StudioTextList>(t, 'GET', `/api/ops/studio/drafts/${draftId}/texts?q=${encodeURIComponent(query)}`, undefined, bearer(editor));
  expect(found.status).toBe(200);
  const text = found.body.texts.find((candidate) => candidate.where === where);
  if (!text) throw new Error(`no text at ${where}: ${found.body.texts.map((candidate) => candidate.where).join('; ')}`);
  return text;
}

const edit = (draftId: string, body: { textId: string; language: string; words: string; version: number }, token = editor) =>
  opsCall<StudioDraftView>(t, 'PUT', `/api/ops/studio/drafts/${draftId}/words`, body, bearer(token));
const decide = (draftId: string, action: 'propose' | 'send-back' | 'approve', body: { version: number; note?: string }, token: string) =>
  opsCall<StudioDraftView>(t, 'POST', `/api/ops/studio/drafts/${draftId}/${action}`, body, bearer(token));
const currentRelease = async () => (await opsCall<OpsReleaseList>(t, 'GET', '/api/ops/releases')).body.releases.find((release) => release.current);

describe('roles', () => {
  it("an editor and an approver reach the studio and nothing of the applicants'; a reviewer does not reach the studio", async () => {
    expect((await opsCall(t, 'GET', '/api/ops/studio/drafts', undefined, bearer(editor))).status).toBe(200);
    expect((await opsCall(t, 'GET', '/api/ops/studio/drafts', undefined, bearer(approver))).status).toBe(200);
    for (const token of [editor, approver]) expect((await opsCall(t, 'GET', '/api/ops/applications', undefined, bearer(token))).status).toBe(403);
    const refused = await opsCall<{ message: string }>(t, 'GET', '/api/ops/studio/drafts', undefined, bearer(reviewer));
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: 'the reviewer role may not do this' });
    const approverDrafts = await opsCall<{ message: string }>(t, 'POST', '/api/ops/studio/drafts', { purpose: 'x' }, bearer(approver));
    expect({ status: approverDrafts.status, message: approverDrafts.body.message }).toEqual({ status: 403, message: 'the approver role may not do this' });
  });
});

describe('a draft, from the first edit to a release', () => {
  it('shows each text in business terms with its Hindi; a reworded English leaves its Hindi stale; a change on an old version is refused', async () => {
    const base = await currentRelease();
    const draft = await newDraft('Plainer PAN page');
    expect(draft.draft).toMatchObject({ author: 'priya.editor@broker.test', purpose: 'Plainer PAN page', baseRelease: base?.number, status: 'editing', version: 1 });
    expect(draft.languages.map(({ code }) => code)).toEqual(['en', 'hi']);
    expect({ changes: draft.changes, translations: draft.translations, findings: draft.findings }).toEqual({ changes: [], translations: [], findings: [] });

    const heading = await textAt(draft.draft.id, 'Verify your PAN', 'Page /verify-pan › heading');
    expect(heading).toMatchObject({ evidence: false, words: { en: 'Verify your PAN', hi: 'अपना PAN सत्यापित करें' } });

    const edited = await edit(draft.draft.id, { textId: heading.id, language: 'en', words: 'Check your PAN', version: 1 });
    expect(edited.status).toBe(200);
    expect(edited.body.draft.version).toBe(2);
    expect(edited.body.changes).toEqual([{ id: heading.id, where: 'Page /verify-pan › heading', evidence: false, language: 'en', before: 'Verify your PAN', after: 'Check your PAN' }]);
    expect(edited.body.translations).toEqual([{ id: heading.id, where: 'Page /verify-pan › heading', evidence: false, language: 'hi', problem: 'stale' }]);

    const late = await edit(draft.draft.id, { textId: heading.id, language: 'en', words: 'Confirm your PAN', version: 1 }, otherEditor);
    expect({ status: late.status, message: (late.body as unknown as { message: string }).message }).toEqual({
      status: 409,
      message: 'someone changed this draft since you opened it; open it again to see their change',
    });

    const translated = await edit(draft.draft.id, { textId: heading.id, language: 'hi', words: 'अपना PAN जाँचें', version: 2 });
    expect(translated.body.translations).toEqual([]);
    expect(translated.body.changes.map(({ language, after }) => [language, after])).toEqual([
      ['en', 'Check your PAN'],
      ['hi', 'अपना PAN जाँचें'],
    ]);
  });

  it('a blank heading is a finding of the check at that text, and the draft cannot be proposed until it is fixed', async () => {
    const draft = await newDraft('Blank heading');
    const heading = await textAt(draft.draft.id, 'Verify your PAN', 'Page /verify-pan › heading');
    const blank = await edit(draft.draft.id, { textId: heading.id, language: 'hi', words: ' ', version: 1 });
    expect(blank.body.findings).toEqual([
      {
        textId: heading.id,
        where: 'Page /verify-pan › heading',
        problem: 'flow-config/languages/hi/pages/pan.json: missing the text at pages."/verify-pan".copy.title ("Verify your PAN")',
        // What the console shows at the text: its language, no file or JSON path.
        said: 'हिन्दी: Missing the text ("Verify your PAN")',
      },
    ]);
    const englishBlank = await edit(draft.draft.id, { textId: heading.id, language: 'en', words: '', version: 2 });
    expect(englishBlank.body.findings.map(({ textId, where }) => ({ textId, where }))).toContainEqual({ textId: heading.id, where: 'Page /verify-pan › heading' });
    const proposed = await decide(draft.draft.id, 'propose', { version: 3 }, editor);
    expect({ status: proposed.status, message: (proposed.body as unknown as { message: string }).message }).toEqual({ status: 409, message: 'the config check finds problems in this draft; fix them first' });
    const fixed = await edit(draft.draft.id, { textId: heading.id, language: 'en', words: 'Verify your PAN', version: 3 });
    const fixedHindi = await edit(draft.draft.id, { textId: heading.id, language: 'hi', words: 'अपना PAN सत्यापित करें', version: fixed.body.draft.version });
    expect({ findings: fixedHindi.body.findings, changes: fixedHindi.body.changes }).toEqual({ findings: [], changes: [] });
    const nothing = await decide(draft.draft.id, 'propose', { version: fixedHindi.body.draft.version }, editor);
    expect((nothing.body as unknown as { message: string }).message).toBe('this draft changes nothing yet');
  });

  it('an evidence text reworded in English alone cannot be published; sent back, translated and approved by another person, it is the next release', async () => {
    const base = await currentRelease();
    const draft = await newDraft('Clearer F&O disclosure');
    const disclosure = await textAt(draft.draft.id, 'Risk disclosures on derivatives', 'Page /personal-details › fnoRiskAcknowledged › heading');
    expect(disclosure.evidence).toBe(true);
    const reworded = await edit(draft.draft.id, { textId: disclosure.id, language: 'en', words: 'Risks of trading derivatives', version: 1 });
    expect(reworded.body.translations).toEqual([{ id: disclosure.id, where: disclosure.where, evidence: true, language: 'hi', problem: 'stale' }]);
    const proposed = await decide(draft.draft.id, 'propose', { version: 2, note: 'Plain words, as asked by compliance' }, editor);
    expect(proposed.body.draft.status).toBe('proposed');

    await signIn(t);
    const openOn = async (number: number | undefined) => (await opsCall<OpsReleaseList>(t, 'GET', '/api/ops/releases')).body.releases.find((release) => release.number === number)?.openApplications;
    expect(await openOn(base?.number)).toBe(1);
    const ownApproval = await decide(draft.draft.id, 'approve', { version: 3 }, editor);
    expect(ownApproval.status).toBe(403);
    const stale = await decide(draft.draft.id, 'approve', { version: 3 }, approver);
    expect({ status: stale.status, message: (stale.body as unknown as { message: string }).message }).toEqual({
      status: 409,
      message: 'an evidence text is not translated, or its translation is older than its English; translate it first',
    });
    const editWhileProposed = await edit(draft.draft.id, { textId: disclosure.id, language: 'hi', words: 'डेरिवेटिव ट्रेडिंग के जोखिम', version: 3 });
    expect((editWhileProposed.body as unknown as { message: string }).message).toBe('this draft is not open for editing');

    const sentBack = await decide(draft.draft.id, 'send-back', { version: 3, note: 'The Hindi is missing' }, approver);
    expect(sentBack.body.draft.status).toBe('editing');
    const translated = await edit(draft.draft.id, { textId: disclosure.id, language: 'hi', words: 'डेरिवेटिव ट्रेडिंग के जोखिम', version: 4 });
    await decide(draft.draft.id, 'propose', { version: translated.body.draft.version }, editor);
    const approved = await decide(draft.draft.id, 'approve', { version: translated.body.draft.version + 1, note: 'Checked against the circular' }, approver);
    expect(approved.status).toBe(200);
    const published = (base?.number ?? 0) + 1;
    expect(approved.body.draft).toMatchObject({ status: 'published', publishedRelease: published });

    expect(await currentRelease()).toMatchObject({ number: published, createdBy: 'neha.approver@broker.test' });
    // A release of words alone: the application already open reads the new words too.
    expect({ base: await openOn(base?.number), published: await openOn(published) }).toEqual({ base: 0, published: 1 });
    expect(approved.body.history.map(({ actor, action, note }) => [actor, action, note])).toEqual([
      ['priya.editor@broker.test', 'created', 'Clearer F&O disclosure'],
      ['priya.editor@broker.test', 'edited', 'Page /personal-details › fnoRiskAcknowledged › heading (English)'],
      ['priya.editor@broker.test', 'proposed', 'Plain words, as asked by compliance'],
      ['neha.approver@broker.test', 'returned', 'The Hindi is missing'],
      ['priya.editor@broker.test', 'edited', 'Page /personal-details › fnoRiskAcknowledged › heading (हिन्दी)'],
      ['priya.editor@broker.test', 'proposed', ''],
      ['neha.approver@broker.test', 'published', `release ${published}: Checked against the circular`],
    ]);
    const listed = await opsCall<StudioDraftList>(t, 'GET', '/api/ops/studio/drafts', undefined, bearer(approver));
    expect(listed.body.drafts.find(({ id }) => id === draft.draft.id)?.status).toBe('published');
    // The server still runs the files it started with: the studio says the new release is not in them yet.
    expect({ current: listed.body.releases.current, running: listed.body.releases.running }).toEqual({ current: published, running: base?.number });
    expect(listed.body.releases.all.slice(0, 2).map(({ number, createdBy, current, running }) => ({ number, createdBy, current, running }))).toEqual([
      { number: published, createdBy: 'neha.approver@broker.test', current: true, running: false },
      { number: base?.number, createdBy: 'server start', current: false, running: true },
    ]);
  });

  it('a draft begun before another release was published is refused, so it cannot undo that release', async () => {
    const first = await newDraft('First');
    const second = await newDraft('Second');
    for (const [draft, words] of [
      [first, 'Verify PAN'],
      [second, 'Your PAN'],
    ] as const) {
      const heading = await textAt(draft.draft.id, 'Verify your PAN', 'Page /verify-pan › heading');
      await edit(draft.draft.id, { textId: heading.id, language: 'en', words, version: 1 });
      await edit(draft.draft.id, { textId: heading.id, language: 'hi', words: `${words} (हिन्दी)`, version: 2 });
      await decide(draft.draft.id, 'propose', { version: 3 }, editor);
    }
    expect((await decide(first.draft.id, 'approve', { version: 4 }, approver)).status).toBe(200);
    const refused = await decide(second.draft.id, 'approve', { version: 4 }, approver);
    const number = (await currentRelease())?.number;
    expect({ status: refused.status, message: (refused.body as unknown as { message: string }).message }).toEqual({
      status: 409,
      message: `release ${number} was published after this draft began; make a new draft from it`,
    });
  });
});

describe('a file for translators', () => {
  const csvOf = async (draftId: string, language: string) => t.app.inject({ method: 'GET', url: `/api/ops/studio/drafts/${draftId}/translations?language=${language}`, headers: bearer(editor) });
  const upload = (draftId: string, language: string, version: number, csv: string) =>
    t.app.inject({ method: 'PUT', url: `/api/ops/studio/drafts/${draftId}/translations?language=${language}&version=${version}`, headers: { ...bearer(editor), 'content-type': 'text/csv' }, payload: csv });

  it('downloads every text with its English and Hindi; a translated file back saves what changed, in one change', async () => {
    const draft = await newDraft('Hindi review');
    const file = await csvOf(draft.draft.id, 'hi');
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="translations-hi-[0-9a-f]{8}-v1\.csv"$/);
    const lines = parseCsv(file.body) ?? [];
    expect(lines[0]).toEqual(['id', 'where', 'evidence', 'English', 'हिन्दी']);
    const pan = await textAt(draft.draft.id, 'Page /verify-pan › submit button', 'Page /verify-pan › submit button');
    const line = lines.find(([id]) => id === pan.id);
    expect(line).toEqual([pan.id, 'Page /verify-pan › submit button', '', pan.words.en, pan.words.hi]);
    const translated = lines.map((row) => (row[0] === pan.id ? [...row.slice(0, 4), 'सत्यापित करके आगे बढ़ें'] : row));
    const saved = await upload(draft.draft.id, 'hi', 1, toCsv(translated));
    expect(saved.statusCode).toBe(200);
    const view = saved.json<StudioDraftView>();
    expect(view.changes).toEqual([{ id: pan.id, where: 'Page /verify-pan › submit button', evidence: false, language: 'hi', before: pan.words.hi, after: 'सत्यापित करके आगे बढ़ें' }]);
    expect(view.history.at(-1)).toMatchObject({ action: 'edited', note: '1 text(s) from a file for translators (हिन्दी)' });
    expect(view.draft.version).toBe(2);
  });

  it('refuses, changing nothing: a file made before its English was reworded, a line naming no text, a file of another shape, the English itself', async () => {
    const draft = await newDraft('Stale file');
    const lines = parseCsv((await csvOf(draft.draft.id, 'hi')).body) ?? [];
    const heading = await textAt(draft.draft.id, 'Page /verify-pan › subheading', 'Page /verify-pan › subheading');
    await edit(draft.draft.id, { textId: heading.id, language: 'en', words: 'We check your PAN with the KRA', version: 1 });
    const answers = [
      await upload(draft.draft.id, 'hi', 2, toCsv(lines.map((row) => (row[0] === heading.id ? [...row.slice(0, 4), 'नया'] : row)))),
      await upload(draft.draft.id, 'hi', 2, toCsv([lines[0] ?? [], ['nothing', 'x', '', 'x', 'y']])),
      await upload(draft.draft.id, 'hi', 2, 'a,b\n1,2\n'),
      await upload(draft.draft.id, 'hi', 2, '"never closed'),
      await upload(draft.draft.id, 'en', 2, toCsv(lines)),
    ];
    expect(answers.map((answer) => [answer.statusCode, answer.json<{ message: string }>().message])).toEqual([
      [409, '1 line(s) translate English words that have changed since the file was made: make the file again'],
      [400, 'line 2 names a text this draft does not have'],
      [400, 'this is not a file for translators from the studio: its first row must be id, where, evidence and the two languages'],
      [400, 'this is not a file for translators from the studio: its first row must be id, where, evidence and the two languages'],
      [400, "choose a language other than the config's own: a file for translators holds its words and that language's"],
    ]);
    expect((await opsCall<StudioDraftView>(t, 'GET', `/api/ops/studio/drafts/${draft.draft.id}`, undefined, bearer(editor))).body.draft.version).toBe(2);
  });
});

describe('bad input: a clear 4xx, nothing changed', () => {
  it.each([
    ['an unknown text', { textId: 'nothing', language: 'en', words: 'x', version: 1 }, 404, 'no such text in this draft'],
    ['an unknown language', { language: 'fr', words: 'x', version: 1 }, 400, 'the config has no such language'],
    ['an option that is a value', { list: true, language: 'en', words: 'Man', version: 1 }, 400, "this text is an option's value, not words: change it as an option of its list"],
    ['words past 5,000 characters', { language: 'en', words: 'x'.repeat(5001), version: 1 }, 400, undefined],
    ['no version', { language: 'en', words: 'x' }, 400, undefined],
  ])('%s', async (_name, body, status, message) => {
    const draft = await newDraft('Bad input');
    const heading = await textAt(draft.draft.id, 'Page /verify-pan › heading', 'Page /verify-pan › heading');
    const option = 'list' in body ? await textAt(draft.draft.id, 'Male', "List 'gender' › option 'Male'") : undefined;
    const { list: _list, ...rest } = body as typeof body & { list?: boolean };
    const answer = await edit(draft.draft.id, { textId: option?.id ?? heading.id, ...rest } as Parameters<typeof edit>[1]);
    expect(answer.status).toBe(status);
    if (message) expect((answer.body as unknown as { message: string }).message).toBe(message);
    expect((await opsCall<StudioDraftView>(t, 'GET', `/api/ops/studio/drafts/${draft.draft.id}`, undefined, bearer(editor))).body.draft.version).toBe(1);
  });

  it('an unknown draft: 404', async () => {
    const answer = await opsCall<{ message: string }>(t, 'GET', '/api/ops/studio/drafts/no-such-draft', undefined, bearer(editor));
    expect({ status: answer.status, message: answer.body.message }).toEqual({ status: 404, message: 'no such draft' });
  });
});

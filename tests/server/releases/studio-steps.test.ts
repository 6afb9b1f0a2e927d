import { describe, expect, it } from 'vitest';
import type { OpsReleaseList, StudioDraftView, StudioTextList } from '../../../core/api/types';
import { signIn } from '../helpers';
import { type Refusal, withStudio } from './studio-fixtures';
import { bearer, opsCall } from '../ops-fixtures';

/**
 * Issue 31, the config studio's new form step from a template (fields from the widgets config offers: a text, a
 * choice, a yes/no, a date, a file), written as the README's hand-made step is, with its Hindi; and a step moved in the order,
 * within the rules the config check enforces.
 */

const { studio, newDraft } = withStudio();
const addStep = (draftId: string, body: unknown) => opsCall<StudioDraftView>(studio.t, 'POST', `/api/ops/studio/drafts/${draftId}/steps`, body, bearer(studio.editor));

const sourceOfFunds = (version: number, hindi = true) => ({
  version,
  title: { en: 'Source of Funds', ...(hindi ? { hi: 'धन का स्रोत' } : {}) },
  after: 'tax_residency',
  fields: [
    {
      kind: 'choice',
      label: { en: 'Main source of the money you invest', ...(hindi ? { hi: 'निवेश के पैसे का मुख्य स्रोत' } : {}) },
      required: true,
      options: [
        { value: 'salary', words: { en: 'Salary', hi: 'वेतन' } },
        { value: 'business', words: { en: 'Business income', hi: 'व्यवसाय की आय' } },
      ],
    },
    { kind: 'yesNo', label: { en: 'Any funds from abroad', hi: 'क्या कोई धन विदेश से है' }, required: true },
    { kind: 'text', label: { en: 'Employer or business name', hi: 'नियोक्ता या व्यवसाय का नाम' }, required: false },
    { kind: 'date', label: { en: 'Investing since', hi: 'कब से निवेश कर रहे हैं' }, required: false },
    { kind: 'file', label: { en: 'A statement showing the funds', hi: 'धन दिखाने वाला विवरण' }, required: false },
  ],
});

describe('a new form step from the template', () => {
  it('writes its schema, page, step and Hindi; the check passes; the approver reads "Step … added after …"; published, an open application keeps its release', async () => {
    await signIn(studio.t);
    const draft = await newDraft('Source of funds');
    const made = await addStep(draft.draft.id, sourceOfFunds(1));
    expect(made.status).toBe(200);
    expect(made.body.findings).toEqual([]);
    expect(made.body.translations).toEqual([]);
    expect(made.body.diff.map(({ kind, subject, after }) => [kind, subject, after])).toEqual([
      ['stepAdded', 'Source of Funds', 'Tax Residency'],
      ['fileAdded', 'flow-config/pages/source-of-funds.json', null],
      ['fileAdded', 'schemas/lists/source-of-funds-main-source-of-the.json', null],
      ['fileAdded', 'schemas/step-data/source-of-funds.schema.json', null],
    ]);
    expect(made.body.release).toEqual({ wordingOnly: false, openOnBase: 1 });
    expect(made.body.history.at(-1)).toMatchObject({ action: 'edited', note: "Step 'Source of Funds' (/source-of-funds)" });

    // Its texts are the studio's texts like any other: named in business terms, with their Hindi.
    const texts = await opsCall<StudioTextList>(studio.t, 'GET', `/api/ops/studio/drafts/${draft.draft.id}/texts?q=${encodeURIComponent('/source-of-funds')}`, undefined, bearer(studio.editor));
    expect(texts.body.texts.map(({ where, words }) => [where, words.en, words.hi])).toEqual([
      ['Page /source-of-funds › heading', 'Source of Funds', 'धन का स्रोत'],
      ['Page /source-of-funds › question \'mainSourceOfThe\' › label', 'Main source of the money you invest', 'निवेश के पैसे का मुख्य स्रोत'],
      ['Page /source-of-funds › question \'anyFundsFromAbroad\' › label', 'Any funds from abroad', 'क्या कोई धन विदेश से है'],
      ['Page /source-of-funds › question \'employerOrBusinessName\' › label', 'Employer or business name', 'नियोक्ता या व्यवसाय का नाम'],
      ['Page /source-of-funds › question \'investingSince\' › label', 'Investing since', 'कब से निवेश कर रहे हैं'],
      ["Page /source-of-funds › question 'aStatementShowingThe' › label", 'A statement showing the funds', 'धन दिखाने वाला विवरण'],
      ['Page /source-of-funds › submit button', 'Continue', 'आगे बढ़ें'],
      ['Page /source-of-funds › fileChoose', 'Choose file', 'फ़ाइल चुनें'],
      ['Page /source-of-funds › fileTooLarge', 'The file is larger than {limit}. Choose a file of {limit} or less.', 'फ़ाइल {limit} से बड़ी है। {limit} या उससे छोटी फ़ाइल चुनें।'],
    ]);

    const again = await addStep(draft.draft.id, sourceOfFunds(2));
    expect([again.status, (again.body as unknown as Refusal).message]).toEqual([409, 'a step with this title or its web address is in the config already']);

    await opsCall(studio.t, 'POST', `/api/ops/studio/drafts/${draft.draft.id}/propose`, { version: 2 }, bearer(studio.editor));
    const approved = await opsCall<StudioDraftView>(studio.t, 'POST', `/api/ops/studio/drafts/${draft.draft.id}/approve`, { version: 3 }, bearer(studio.approver));
    expect(approved.status).toBe(200);
    const releases = (await opsCall<OpsReleaseList>(studio.t, 'GET', '/api/ops/releases')).body.releases;
    expect(releases.map(({ number, openApplications }) => [number, openApplications])).toEqual([
      [approved.body.draft.publishedRelease, 0],
      [draft.draft.baseRelease, 1],
    ]);
  });

  it('a step without its Hindi: each text left untranslated is a finding and a translation to do', async () => {
    const draft = await newDraft('Source of funds, English first');
    const made = await addStep(draft.draft.id, { ...sourceOfFunds(1, false), title: { en: 'Funds Origin' }, fields: [{ kind: 'text', label: { en: 'Name of the fund house' }, required: true }] });
    expect(made.status).toBe(200);
    expect(made.body.findings.length).toBeGreaterThan(0);
    expect(made.body.findings.every(({ problem }) => problem.startsWith('flow-config/languages/hi/'))).toBe(true);
    expect(made.body.translations.map(({ where }) => where)).toEqual([
      'Journey › steps › funds_origin › title',
      'Page /funds-origin › heading',
      "Page /funds-origin › question 'nameOfTheFund' › label",
      "Form 'Funds Origin' › title",
      "Form 'Funds Origin' › question 'nameOfTheFund' › label",
      "Form 'Funds Origin' › question 'nameOfTheFund' › message",
      "Form 'Funds Origin' › question 'nameOfTheFund' › message when left empty",
    ]);
    expect((await opsCall(studio.t, 'POST', `/api/ops/studio/drafts/${draft.draft.id}/propose`, { version: 2 }, bearer(studio.editor))).status).toBe(409);
  });

  it.each([
    ['after a step the config lacks', { ...sourceOfFunds(1), after: 'nothing' }, 404, 'no such step in this draft'],
    ['a choice of one option', { ...sourceOfFunds(1), fields: [{ kind: 'choice', label: { en: 'Pick' }, required: true, options: [{ value: 'a', words: { en: 'A' } }] }] }, 400, 'a choice needs at least two options with words'],
    ['a field without English words', { ...sourceOfFunds(1), fields: [{ kind: 'text', label: { hi: 'नाम' }, required: true }] }, 400, "an option needs its words in the config's own language"],
    ['a title without a letter or digit for its address', { ...sourceOfFunds(1), title: { en: '—' } }, 400, "a step's title in the config's own language needs letters or digits: its web address is made of them"],
    ['a widget the palette lacks', { ...sourceOfFunds(1), fields: [{ kind: 'camera', label: { en: 'Photo' }, required: true }] }, 400, undefined],
    ['no fields', { ...sourceOfFunds(1), fields: [] }, 400, undefined],
  ])('refuses %s', async (_name, body, status, message) => {
    const draft = await newDraft('Bad step');
    const answer = await addStep(draft.draft.id, body);
    expect(answer.status).toBe(status);
    if (message) expect((answer.body as unknown as Refusal).message).toBe(message);
  });
});

describe("a step's place", () => {
  it('moves a step after another; the approver reads "Step … moved after …"; the check refuses an order it forbids, at once', async () => {
    const draft = await newDraft('Tax residency first');
    const moved = await opsCall<StudioDraftView>(studio.t, 'PUT', `/api/ops/studio/drafts/${draft.draft.id}/steps/tax_residency/place`, { version: 1, after: 'pan_image_upload' }, bearer(studio.editor));
    expect(moved.status).toBe(200);
    expect(moved.body.diff.filter(({ kind }) => kind.startsWith('step')).map(({ kind, subject, after }) => [kind, subject, after])).toEqual([['stepMoved', 'Tax Residency', 'PAN Image Upload']]);
    const signInSecond = await opsCall<StudioDraftView>(studio.t, 'PUT', `/api/ops/studio/drafts/${draft.draft.id}/steps/mobile_verification/place`, { version: 2, after: 'email_verification' }, bearer(studio.editor));
    expect(signInSecond.body.findings.map(({ problem }) => problem)).toContain(
      "flow-config/flow.json: the first journey step 'email_verification' must include the login route /login, because signing in creates the application",
    );
    const unknown = await opsCall<Refusal>(studio.t, 'PUT', `/api/ops/studio/drafts/${draft.draft.id}/steps/nothing/place`, { version: 3, after: 'tax_residency' }, bearer(studio.editor));
    expect([unknown.status, unknown.body.message]).toEqual([404, 'no such step in this draft']);
  });
});

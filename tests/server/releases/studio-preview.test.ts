import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as equal from 'ajv/dist/runtime/equal.js';
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
import { describe, expect, it } from 'vitest';
import type { StudioDraftView } from '../../../core/api/types';
import * as calendarDate from '../../../core/engine/calendar-date';
import * as textRules from '../../../core/engine/text-rules';
import { type PreviewConfig, sampleAnswers } from '../../../core/studio/preview';
import { previewRuntimeModules } from '../../../server/releases/studio/preview';
import { type Refusal, withStudio } from './studio-fixtures';
import { bearer, opsCall } from '../ops-fixtures';

/**
 * Issue 31, the studio's preview of a draft: its pages in each language in the draft's order, and each form's validators
 * compiled from the draft's schema (in that language) as a module the browser imports, since the CSP allows no eval.
 */

const { studio, newDraft } = withStudio();

const runtime: Record<(typeof previewRuntimeModules)[number], unknown> = {
  'ajv/dist/runtime/equal.js': equal,
  'ajv/dist/runtime/ucs2length.js': ucs2length,
  'core/engine/calendar-date.ts': calendarDate,
  'core/engine/text-rules.ts': textRules,
};

type Validate = ((data: unknown) => boolean) & { errors?: { message?: string }[] | null };
type Validators = { validateFns: Record<string, Validate>; stepSchema: Record<string, unknown> };

/** Imports a served module as the browser does, handing it the runtime modules. */
async function imported(code: string): Promise<Validators> {
  const dir = mkdtempSync(join(tmpdir(), 'studio-preview-'));
  try {
    const file = join(dir, 'validators.mjs');
    writeFileSync(file, code);
    const module = (await import(pathToFileURL(file).href)) as { default: (given: typeof runtime) => Validators };
    return module.default(runtime);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const sourceOfFunds = {
  version: 1,
  title: { en: 'Source of Funds', hi: 'धन का स्रोत' },
  after: 'tax_residency',
  fields: [
    {
      kind: 'choice',
      label: { en: 'Main source of the money you invest', hi: 'निवेश के पैसे का मुख्य स्रोत' },
      required: true,
      options: [
        { value: 'salary', words: { en: 'Salary', hi: 'वेतन' } },
        { value: 'business', words: { en: 'Business income', hi: 'व्यवसाय की आय' } },
      ],
    },
    { kind: 'yesNo', label: { en: 'Any funds from abroad', hi: 'क्या कोई धन विदेश से है' }, required: true },
  ],
};

describe("the studio's preview of a draft", () => {
  it("gives the draft's pages in Hindi in its order, and its new form's validators with the Hindi messages; sample answers pass them", async () => {
    const draft = await newDraft('Source of funds');
    const id = draft.draft.id;
    const made = await opsCall<StudioDraftView>(studio.t, 'POST', `/api/ops/studio/drafts/${id}/steps`, sourceOfFunds, bearer(studio.editor));
    expect(made.status).toBe(200);

    // The approver opens the same link: reading the config is all it needs.
    const shown = await opsCall<PreviewConfig>(studio.t, 'GET', `/api/ops/studio/drafts/${id}/preview?language=hi`, undefined, bearer(studio.approver));
    expect(shown.status).toBe(200);
    const at = shown.body.pages.findIndex(({ route }) => route === '/source-of-funds');
    expect(shown.body.pages[at]).toEqual({ route: '/source-of-funds', step: 'source_of_funds', stepTitle: 'धन का स्रोत', schema: 'source-of-funds' });
    expect(shown.body.pages[at - 1]?.step).toBe('tax_residency');
    const page = shown.body.bundle.pageFiles['flow-config/pages/source-of-funds.json']?.pages['/source-of-funds'];
    expect(page?.copy.title).toBe('धन का स्रोत');

    const served = await studio.t.app.inject({ method: 'GET', url: `/api/ops/studio/drafts/${id}/preview/hi/source-of-funds.js`, headers: bearer(studio.approver) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/javascript; charset=utf-8');
    const { validateFns, stepSchema } = await imported(served.body);
    const validate = validateFns['source-of-funds'] as Validate;
    expect(validate({})).toBe(false);
    expect(validate.errors?.map(({ message }) => message)).toEqual(['इस प्रश्न का उत्तर दें: निवेश के पैसे का मुख्य स्रोत', 'इस प्रश्न का उत्तर दें: क्या कोई धन विदेश से है']);
    const answers = sampleAnswers(stepSchema);
    expect(answers).toEqual({ mainSourceOfThe: 'salary', anyFundsFromAbroad: true });
    expect(validate(answers)).toBe(true);
  });

  it('refuses a language, a form or a draft it does not have, and an unsigned caller', async () => {
    const draft = await newDraft('Nothing yet');
    const id = draft.draft.id;
    const refusal = async (url: string, headers = bearer(studio.editor)) => {
      const answer = await studio.t.app.inject({ method: 'GET', url, headers });
      return [answer.statusCode, (answer.json() as Refusal).message];
    };
    expect(await refusal(`/api/ops/studio/drafts/${id}/preview?language=fr`)).toEqual([404, 'the config has no such language']);
    expect(await refusal(`/api/ops/studio/drafts/${id}/preview/hi/no-such-form.js`)).toEqual([404, 'no such form in this draft']);
    expect(await refusal('/api/ops/studio/drafts/no-such-draft/preview?language=en')).toEqual([404, 'no such draft']);
    expect((await studio.t.app.inject({ method: 'GET', url: `/api/ops/studio/drafts/${id}/preview?language=en` })).statusCode).toBe(401);
  });
});

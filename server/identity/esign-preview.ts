import type { EsignPreview, EsignPreviewRow, EsignPreviewSection, OpsAnswer } from '../../core/api/types';
import type { PageConfig } from '../../core/engine/config-types';
import { type AnswerLabeller, type AnswerWording, createAnswerLabeller } from '../platform/answer-labels';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { findAllStepAnswers } from '../platform/repositories/step-store';
import type { LanguageTexts } from '../platform/texts';
import { declarationsOnForm } from './esign-document-list';

/** A section as the eSign page's `options.preview` declares it (core/catalog/screen-options/aadhaar-esign.schema.json). */
interface SectionConfig {
  title: string;
  fields?: string[];
  masked?: string[];
  declarations?: boolean;
}

const esignScreen = 'aadhaarEsign';
/** 'applicant.phone': a field of the applicant record rather than of a step's answers. */
const applicantSource = 'applicant';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The eSign page (the screen that signs), as this language shows it. */
function esignPage(texts: LanguageTexts): PageConfig | undefined {
  return Object.values(texts.pages).find((page) => 'screen' in page && page.screen === esignScreen);
}

function sectionsOf(page: PageConfig | undefined): SectionConfig[] {
  const preview = page && 'options' in page ? page.options?.preview : undefined;
  return Array.isArray(preview) ? preview.filter((item): item is SectionConfig => isRecord(item) && typeof item.title === 'string') : [];
}

/** Copy entries under `prefix` ('preview.kraAddress' → kraAddress), as a table. */
function copyUnder(copy: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(copy).flatMap(([key, text]) => (key.startsWith(prefix) ? [[key.slice(prefix.length), text]] : [])));
}

/** The applicant's words for what no form names: the eSign page's copy `preview.<field>`, `previewItem.<list>`, `previewValue.<field>.<code>`. */
function wordingOf(texts: LanguageTexts, copy: Record<string, string>): AnswerWording {
  const valueLabels: Record<string, Record<string, string>> = {};
  for (const [key, text] of Object.entries(copyUnder(copy, 'previewValue.'))) {
    const dot = key.indexOf('.');
    if (dot > 0) (valueLabels[key.slice(0, dot)] ??= {})[key.slice(dot + 1)] = text;
  }
  return {
    yes: texts.say('controls.yes'),
    no: texts.say('controls.no'),
    listItemNamed: copy.previewItemNamed ?? '{item}: {name}',
    tickedAt: '{statement}',
    fieldLabels: copyUnder(copy, 'preview.'),
    valueLabels,
    itemLabels: copyUnder(copy, 'previewItem.'),
  };
}

/** An account number as the preview shows it: only its last 4 digits ('XXXXXXXXXX6789'). */
export function maskedAccount(value: string): string {
  return value.length <= 4 ? 'X'.repeat(value.length) : `${'X'.repeat(value.length - 4)}${value.slice(-4)}`;
}

const covers = (path: string, field: string) => field === path || field.startsWith(`${path}.`);

/** A labelled answer as a row: the list item's heading moved out of its label (the preview shows it above). */
function rowOf(answer: OpsAnswer, masked: boolean): EsignPreviewRow {
  const prefix = answer.group ? `${answer.group} › ` : '';
  const label = prefix && answer.label.startsWith(prefix) ? answer.label.slice(prefix.length) : answer.label;
  return { label, value: masked ? maskedAccount(answer.value) : answer.value, ...(answer.group ? { group: answer.group } : {}) };
}

/**
 * 'Preview what you sign': the sections of the account opening form, each from the stored answers the eSign page's
 * config names, labelled as the applicant saw them (the same labelling as the back office's, in their language).
 * A labeller per language, built when first asked.
 */
export function createEsignPreview(ctx: Pick<AppContext, 'db' | 'users'>) {
  const readers = new WeakMap<LanguageTexts, { label: AnswerLabeller; wording: AnswerWording }>();
  const readerFor = (texts: LanguageTexts, copy: Record<string, string>) => {
    let reader = readers.get(texts);
    if (!reader) {
      const wording = wordingOf(texts, copy);
      reader = { label: createAnswerLabeller({ flow: texts.flow, pages: texts.pages, schemas: texts.stepSchemas() }, wording), wording };
      readers.set(texts, reader);
    }
    return reader;
  };

  return async (texts: LanguageTexts, row: UserRow): Promise<EsignPreview> => {
    const [user, answers] = await Promise.all([ctx.users.present(row), findAllStepAnswers(ctx.db, row.id)]);
    const page = esignPage(texts);
    const copy = page?.copy ?? {};
    const { label, wording } = readerFor(texts, copy);
    const labelled = new Map(label(answers as Record<string, Record<string, unknown>>).map((step) => [step.step, step.answers]));

    const fieldRows = (section: SectionConfig): EsignPreviewRow[] => {
      const masked = new Set(section.masked ?? []);
      const groups: string[] = [];
      const rows: { row: EsignPreviewRow; rank: number }[] = [];
      (section.fields ?? []).forEach((entry, rank) => {
        const dot = entry.indexOf('.');
        const [source, path] = [entry.slice(0, dot), entry.slice(dot + 1)];
        if (source === applicantSource) {
          const value = (user as unknown as Record<string, unknown>)[path];
          if (typeof value === 'string' && value) rows.push({ row: { label: wording.fieldLabels[path] ?? path, value }, rank });
          return;
        }
        for (const answer of labelled.get(source) ?? []) {
          if (!covers(path, answer.field)) continue;
          if (answer.group && !groups.includes(answer.group)) groups.push(answer.group);
          rows.push({ row: rowOf(answer, masked.has(entry)), rank });
        }
      });
      // In the config's order, a list's items one after another where the list's first field stands (each nominee
      // whole), the fields of each in the config's order.
      const anchor = Math.min(...rows.filter(({ row }) => row.group).map(({ rank }) => rank));
      const place = ({ row, rank }: { row: EsignPreviewRow; rank: number }) => (row.group ? [anchor, groups.indexOf(row.group), rank] : [rank, -1, rank]);
      const order = (a: number[], b: number[]) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0) || (a[2] ?? 0) - (b[2] ?? 0);
      return rows.sort((a, b) => order(place(a), place(b))).map(({ row }) => row);
    };

    // Each declaration as the statement the applicant ticked (its label) and their answer; a skip's declaration in its own words.
    const declarationRows = (): EsignPreviewRow[] =>
      texts.flow.steps.flatMap(({ id }) =>
        declarationsOnForm({ [id]: answers[id] ?? {} }).flatMap(({ field, value }): EsignPreviewRow[] => {
          if (isRecord(value) && typeof value.text === 'string') return [{ label: typeof value.title === 'string' ? value.title : value.text, value: value.text }];
          const answer = (labelled.get(id) ?? []).find((item) => item.field === field);
          return answer ? [{ label: answer.label, value: answer.value }] : [];
        }),
      );

    const sections: EsignPreviewSection[] = sectionsOf(page).map((section) => ({ title: section.title, rows: section.declarations ? declarationRows() : fieldRows(section) }));
    return { sections: sections.filter((section) => section.rows.length > 0) };
  };
}

export type EsignPreviewer = ReturnType<typeof createEsignPreview>;

import { spanAt } from './json-spans';
import { type ConfigFiles, languagesOf } from './texts';

/**
 * Pure: a new form step from the studio's template, written as flow-config/README.md's "Add a new form step" writes
 * one by hand: its schema, its page (saved by the generic `saveStep` effect), its line in flow.json after a step (and in
 * that step's progress group), and each other language's words. Its fields come from the palette of widgets the
 * config offers: a text, a choice (its options a list file of their own), a yes/no, a date, a file (a document, of
 * uploads.json's kind `document_proof`).
 */

export const fieldKinds = ['text', 'choice', 'yesNo', 'date', 'file'] as const;
export type FieldKind = (typeof fieldKinds)[number];

/** Words by language code (the default language's required). */
export type Words = Record<string, string>;

export interface NewField {
  kind: FieldKind;
  label: Words;
  required: boolean;
  /** A choice's options: each a stored value and its words. */
  options?: { value: string; words: Words }[];
}

export interface NewStep {
  title: Words;
  after: string;
  fields: NewField[];
}

/** Texts the studio writes for each new step and question, by language: its refusal of a missing answer, its button. */
export interface StepTemplateTexts {
  /** With {label}. */
  required: Words;
  submit: Words;
  /** The upload control's words, on a page with a file question. */
  fileChoose: Words;
  /** With {limit}. */
  fileTooLarge: Words;
}

/** The kind of upload (uploads.json) a file question of a new step takes. */
const fileKind = 'document_proof';

export type NewStepRefusal = 'unknownStep' | 'noWords' | 'noAddress' | 'stepExists' | 'noOptions';

type Json = Record<string, unknown>;

const wordsOf = (text: string) => text.normalize('NFKD').replace(/[^A-Za-z0-9 ]/g, ' ').trim().split(/\s+/).filter(Boolean).slice(0, 4);
const snake = (text: string) => wordsOf(text).join('_').toLowerCase();
const kebab = (text: string) => wordsOf(text).join('-').toLowerCase();
const camel = (text: string) =>
  wordsOf(text)
    .map((word, index) => (index === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase()))
    .join('') || 'answer';

/** A JSON object on one line, as flow.json writes its steps. */
const oneLine = (value: Json): string => `{ ${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${JSON.stringify(item)}`).join(', ')} }`;
const file = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** `text` with `key: json` added as the last member of the object at `path` (indented as its other members). */
function appendMember(text: string, path: readonly (string | number)[], key: string, json: string): string | undefined {
  const span = spanAt(text, path);
  if (!span || text[span.start] !== '{') return undefined;
  const inner = text.slice(span.start + 1, span.end - 1);
  const indent = /\n([ \t]*)\S/.exec(inner)?.[1] ?? '  ';
  const last = text.slice(0, span.end - 1).trimEnd().length;
  const comma = inner.trim() === '' ? '' : ',';
  return `${text.slice(0, last)}${comma}\n${indent}${JSON.stringify(key)}: ${json}${text.slice(last)}`;
}

/** `text` with `json` inserted after the item at `path` of an array (on its own line, indented as it). */
function insertAfter(text: string, path: readonly (string | number)[], json: string): string | undefined {
  const span = spanAt(text, path);
  if (!span) return undefined;
  const lineStart = text.lastIndexOf('\n', span.start) + 1;
  const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
  return `${text.slice(0, span.end)},\n${indent}${json}${text.slice(span.end)}`;
}

/** `text` with the value at `path` replaced by `json`. */
function replaceAt(text: string, path: readonly (string | number)[], json: string): string | undefined {
  const span = spanAt(text, path);
  return span ? `${text.slice(0, span.start)}${json}${text.slice(span.end)}` : undefined;
}

/** `files` with the new step written in, or why not. */
export function withNewStep(files: ConfigFiles, step: NewStep, texts: StepTemplateTexts): { files: ConfigFiles; id: string; route: string } | { refused: NewStepRefusal } {
  const { default: english, languages } = languagesOf(files);
  const others = languages.map(({ code }) => code).filter((code) => code !== english);
  const flowText = files['flow-config/flow.json'] ?? '{}';
  const flow = JSON.parse(flowText) as { steps?: { id: string; routes?: string[] }[]; progress?: { groups?: { steps: string[] }[] } };
  const title = step.title[english]?.trim() ?? '';
  if (!title || step.fields.length === 0 || step.fields.some((field) => !field.label[english]?.trim())) return { refused: 'noWords' };
  if (!flow.steps?.some(({ id }) => id === step.after)) return { refused: 'unknownStep' };
  const id = snake(title);
  const name = kebab(title);
  const route = `/${name}`;
  if (step.fields.some((field) => field.kind === 'choice' && (field.options ?? []).filter((option) => option.words[english]?.trim()).length < 2)) return { refused: 'noOptions' };
  if (!id) return { refused: 'noAddress' };
  if (flow.steps.some((existing) => existing.id === id || existing.routes?.includes(route)) || files[`schemas/step-data/${name}.schema.json`] !== undefined) return { refused: 'stepExists' };

  const names: string[] = [];
  for (const field of step.fields) {
    const base = camel(field.label[english] ?? '');
    let candidate = base;
    for (let n = 2; names.includes(candidate); n += 1) candidate = `${base}${n}`;
    names.push(candidate);
  }
  const fill = (template: string | undefined, label: string | undefined) => (template && label ? template.replaceAll('{label}', label) : undefined);
  const next: Record<string, string> = { ...files };
  const properties: Json = {};
  const ui: Json = { 'ui:order': names };
  const copy: Json = { title };
  const required: Json = {};
  const hiSchema = new Map(others.map((code) => [code, { title: step.title[code], properties: {} as Json, required: {} as Json }]));
  const hiCopy = new Map(others.map((code) => [code, { title: step.title[code] } as Json]));

  step.fields.forEach((field, index) => {
    const key = names[index] as string;
    const label = (field.label[english] ?? '').trim();
    const message = fill(texts.required[english], label) ?? label;
    const common = { title: label, errorMessage: message };
    if (field.kind === 'text') properties[key] = { type: 'string', ...common, minLength: 1, maxLength: 100, 'x-notBlank': true };
    else if (field.kind === 'yesNo') {
      properties[key] = { type: 'boolean', ...common };
      ui[key] = { 'ui:widget': 'radio' };
    } else if (field.kind === 'date') {
      properties[key] = { type: 'string', ...common, pattern: '^(0[1-9]|[12][0-9]|3[01])/(0[1-9]|1[0-2])/[0-9]{4}$', 'x-dateWithin': { min: '01/01/1900', max: 'today' } };
      ui[key] = { 'ui:widget': 'dateInput' };
    } else if (field.kind === 'file') {
      properties[key] = { type: 'string', ...common, minLength: 1, 'x-upload': fileKind };
      ui[key] = { 'ui:widget': 'documentFile' };
    } else {
      const list = `${name}-${kebab(label)}`;
      const options = (field.options ?? []).filter((option) => option.words[english]?.trim());
      next[`schemas/lists/${list}.json`] = file({ $comment: `Options of '${label}' on the step '${title}' (written by the config studio).`, type: 'string', oneOf: options.map((option) => ({ const: option.value, title: option.words[english]?.trim() })) });
      for (const code of others) {
        const labels = Object.fromEntries(options.flatMap((option) => (option.words[code]?.trim() ? [[option.value, option.words[code].trim()]] : [])));
        next[`flow-config/languages/${code}/lists/${list}.json`] = file({ labels });
      }
      properties[key] = { $ref: `../lists/${list}.json`, ...common };
      ui[key] = { 'ui:widget': 'optionCards' };
    }
    if (field.required) required[key] = message;
    copy[`${key}.label`] = label;
    for (const code of others) {
      const translated = field.label[code]?.trim();
      const schema = hiSchema.get(code);
      if (!translated || !schema) continue;
      const translatedMessage = fill(texts.required[code], translated);
      schema.properties[key] = { title: translated, ...(translatedMessage ? { errorMessage: translatedMessage } : {}) };
      if (field.required && translatedMessage) schema.required[key] = translatedMessage;
      (hiCopy.get(code) as Json)[`${key}.label`] = translated;
    }
  });
  copy.submit = texts.submit[english] ?? 'Continue';
  const asksFile = step.fields.some((field) => field.kind === 'file');
  const fileCopy = (code: string) => (asksFile ? { fileChoose: texts.fileChoose[code], fileTooLarge: texts.fileTooLarge[code] } : {});
  Object.assign(copy, fileCopy(english));

  next[`schemas/step-data/${name}.schema.json`] = file({
    $schema: 'http://json-schema.org/draft-07/schema#',
    $id: name,
    title,
    type: 'object',
    required: Object.keys(required),
    additionalProperties: false,
    properties,
    ...(Object.keys(required).length > 0 ? { errorMessage: { required } } : {}),
  });
  next[`flow-config/pages/${name}.json`] = file({ $schema: '../../schemas/pages-config.schema.json', pages: { [route]: { form: { schema: name, uiSchema: ui, effect: 'saveStep', next: 'continue' }, copy } } });
  for (const code of others) {
    const schema = hiSchema.get(code);
    const pageCopy = hiCopy.get(code) as Json;
    if (texts.submit[code]) pageCopy.submit = texts.submit[code];
    Object.assign(pageCopy, fileCopy(code));
    const schemaFile: Json = { ...(schema?.title ? { title: schema.title } : {}), properties: schema?.properties ?? {} };
    if (schema && Object.keys(schema.required).length > 0) schemaFile.errorMessage = { required: schema.required };
    next[`flow-config/languages/${code}/step-data/${name}.schema.json`] = file(schemaFile);
    next[`flow-config/languages/${code}/pages/${name}.json`] = file({ pages: { [route]: { copy: Object.fromEntries(Object.entries(pageCopy).filter(([, words]) => typeof words === 'string')) } } });
    const flowPath = `flow-config/languages/${code}/flow.json`;
    const translatedTitle = step.title[code]?.trim();
    if (translatedTitle && next[flowPath]) next[flowPath] = appendMember(next[flowPath] as string, ['steps'], id, oneLine({ title: translatedTitle })) ?? (next[flowPath] as string);
  }

  let flowNext = insertAfter(flowText, ['steps', step.after], oneLine({ id, title, journey: true, routes: [route], schema: name }));
  const group = flow.progress?.groups?.findIndex((candidate) => candidate.steps.includes(step.after)) ?? -1;
  const groupSteps = flow.progress?.groups?.[group]?.steps;
  if (flowNext && groupSteps) {
    const at = groupSteps.indexOf(step.after) + 1;
    flowNext = replaceAt(flowNext, ['progress', 'groups', group, 'steps'], JSON.stringify([...groupSteps.slice(0, at), id, ...groupSteps.slice(at)]).replaceAll('","', '", "'));
  }
  if (!flowNext) return { refused: 'unknownStep' };
  next['flow-config/flow.json'] = flowNext;
  return { files: next, id, route };
}

/** `files` with step `id` moved to right after step `after` in flow.json (its line moved, the rest untouched). */
export function withStepMoved(files: ConfigFiles, id: string, after: string): ConfigFiles | undefined {
  const text = files['flow-config/flow.json'];
  if (!text || id === after) return undefined;
  const span = spanAt(text, ['steps', id]);
  if (!span || !spanAt(text, ['steps', after])) return undefined;
  const item = text.slice(span.start, span.end);
  const head = text.slice(0, span.start);
  const tail = text.slice(span.end);
  // The item goes with the comma and line break before it (after it, for the first item).
  const removed = /,\s*$/.test(head) ? `${head.replace(/,\s*$/, '')}${tail}` : `${head}${tail.replace(/^\s*,\s*/, '')}`;
  const moved = insertAfter(removed, ['steps', after], item);
  return moved === undefined ? undefined : { ...files, 'flow-config/flow.json': moved };
}

import type { FlowConfig } from '../engine/flow-types';
import { spanAt } from './json-spans';
import { type ConfigFiles, languagesOf } from './texts';

/**
 * Pure: the option lists of a config (schemas/lists/*.json) as the studio edits them: each option's value (what the
 * server stores, never changed), its words in every language, and the questions that ask the list, so what
 * applicants chose can be counted from their stored answers. An edit writes the list and each language's labels.
 */

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const parse = (text: string | undefined): unknown => (text === undefined ? undefined : JSON.parse(text));

const listsFolder = 'schemas/lists/';
export const listPath = (name: string) => `${listsFolder}${name}.json`;
const labelsPath = (code: string, name: string) => `flow-config/languages/${code}/lists/${name}.json`;

export interface ListOption {
  value: string;
  /** Its label by language code; null where that language has none yet. */
  words: Record<string, string | null>;
}

/** A question that asks a list: the step whose stored answers hold it, and where in them (`[]`: each item of an array). */
export interface ListUse {
  step: string;
  form: string;
  path: string[];
}

export interface StudioList {
  name: string;
  options: ListOption[];
  uses: ListUse[];
}

/** A list file's options: enum values (each its own label), or oneOf consts with their titles. */
function englishOptions(list: unknown): { value: string; title: string }[] {
  if (!isRecord(list)) return [];
  if (Array.isArray(list.enum)) return list.enum.map((value) => ({ value: String(value), title: String(value) }));
  if (!Array.isArray(list.oneOf)) return [];
  return list.oneOf.filter(isRecord).map((option) => ({ value: String(option.const), title: typeof option.title === 'string' ? option.title : String(option.const) }));
}

export const listNames = (files: ConfigFiles): string[] =>
  Object.keys(files)
    .filter((path) => path.startsWith(listsFolder) && path.endsWith('.json') && !path.slice(listsFolder.length).includes('/'))
    .map((path) => path.slice(listsFolder.length, -'.json'.length))
    .sort();

function labelsOf(files: ConfigFiles, code: string, name: string): Json {
  const file = parse(files[labelsPath(code, name)]);
  return isRecord(file) && isRecord(file.labels) ? file.labels : {};
}

/** The schema each step's stored answers were accepted with: its own, or its API route's body. */
function stepSchemas(flow: FlowConfig): { step: string; schema: string }[] {
  return flow.steps.flatMap((step) => {
    const body = (step.api ?? []).find((entry) => typeof entry !== 'string' && entry.body && entry.fixes === undefined);
    const schema = step.schema ?? (body && typeof body !== 'string' ? body.body : undefined);
    return schema ? [{ step: step.id, schema }] : [];
  });
}

/** Where a schema refers to each list by `$ref`, as paths into the data it accepts (local `#/definitions/…` followed). */
function listRefs(schema: unknown): { list: string; path: string[] }[] {
  const found: { list: string; path: string[] }[] = [];
  const root = schema;
  const walk = (node: unknown, path: string[], seen: Set<string>): void => {
    if (!isRecord(node)) return;
    const ref = node.$ref;
    if (typeof ref === 'string') {
      const list = /(?:^|\/)lists\/([\w-]+)\.json$/.exec(ref)?.[1];
      if (list) found.push({ list, path });
      else if (ref.startsWith('#/') && !seen.has(ref)) {
        const target = ref
          .slice(2)
          .split('/')
          .reduce<unknown>((at, part) => (isRecord(at) ? at[part] : undefined), root);
        walk(target, path, new Set([...seen, ref]));
      }
    }
    if (isRecord(node.properties)) for (const [key, child] of Object.entries(node.properties)) walk(child, [...path, key], seen);
    if (node.items !== undefined) walk(node.items, [...path, '[]'], seen);
    for (const branch of ['if', 'then', 'else']) walk(node[branch], path, seen);
    for (const group of ['allOf', 'anyOf', 'oneOf']) if (Array.isArray(node[group])) for (const child of node[group] as unknown[]) walk(child, path, seen);
  };
  walk(schema, [], new Set());
  // A field named in a rule's branch as well as its properties is one question.
  return found.filter((ref, index) => found.findIndex((other) => other.list === ref.list && other.path.join('.') === ref.path.join('.')) === index);
}

/** Every list of `files` with its options in every language and the questions that ask it. */
export function studioLists(files: ConfigFiles): StudioList[] {
  const { default: english, languages } = languagesOf(files);
  const others = languages.map(({ code }) => code).filter((code) => code !== english);
  const flow = parse(files['flow-config/flow.json']) as FlowConfig | undefined;
  const refs = (flow ? stepSchemas(flow) : []).flatMap(({ step, schema }) => {
    const content = parse(files[`schemas/step-data/${schema}.schema.json`]);
    const form = isRecord(content) && typeof content.title === 'string' ? content.title : schema;
    return listRefs(content).map(({ list, path }) => ({ list, use: { step, form, path } }));
  });
  return listNames(files).map((name) => {
    const translations = Object.fromEntries(others.map((code) => [code, labelsOf(files, code, name)]));
    const options = englishOptions(parse(files[listPath(name)])).map(({ value, title }) => ({
      value,
      words: { [english]: title, ...Object.fromEntries(others.map((code) => [code, typeof translations[code]?.[value] === 'string' ? (translations[code][value] as string) : null])) },
    }));
    return { name, options, uses: refs.filter(({ list }) => list === name).map(({ use }) => use) };
  });
}

/** The values an answer holds at `path` (each item of an array at `[]`; an array of choices gives each). */
export function valuesAt(answers: unknown, path: readonly string[]): string[] {
  if (path.length === 0) return Array.isArray(answers) ? answers.filter((value): value is string => typeof value === 'string') : typeof answers === 'string' ? [answers] : [];
  const [head, ...rest] = path as [string, ...string[]];
  if (head === '[]') return Array.isArray(answers) ? answers.flatMap((item) => valuesAt(item, rest)) : [];
  return isRecord(answers) ? valuesAt(answers[head], rest) : [];
}

export type ListEditRefusal = 'unknownList' | 'badValue' | 'duplicateValue' | 'noWords' | 'unknownLanguage';

/** An option as an edit gives it: a value (new, or one the list has) and its words by language (the default's required). */
export interface OptionEdit {
  value: string;
  words: Record<string, string>;
}

/** `text` with the JSON value at `key` of its root replaced by `json` (the rest of the file byte for byte). */
function replaceRootMember(text: string, key: string, json: string): string | undefined {
  const span = spanAt(text, [key]);
  return span ? `${text.slice(0, span.start)}${json}${text.slice(span.end)}` : undefined;
}

/** `json` indented as a member of a file's root object written with two spaces. */
const nested = (value: unknown) => JSON.stringify(value, null, 2).replaceAll('\n', '\n  ');

/**
 * `files` with list `name` made `options`, in that order: a value it lacks is added, one it has but `options` lacks is
 * retired (removed: the applications that chose it stay on the release that has it, see the release rules), words
 * given are each language's label. A list whose every label is its value stays a plain `enum`; a label of its own
 * makes it `oneOf` (values never change: they are what the server stores). Each language's labels follow the order.
 */
export function withListOptions(files: ConfigFiles, name: string, options: readonly OptionEdit[]): { files: ConfigFiles } | { refused: ListEditRefusal } {
  const source = files[listPath(name)];
  if (source === undefined) return { refused: 'unknownList' };
  const { default: english, languages } = languagesOf(files);
  const codes = new Set(languages.map(({ code }) => code));
  if (options.some(({ value }) => value.trim() === '' || value !== value.trim())) return { refused: 'badValue' };
  if (new Set(options.map(({ value }) => value)).size !== options.length) return { refused: 'duplicateValue' };
  if (options.some(({ words }) => Object.keys(words).some((code) => !codes.has(code)))) return { refused: 'unknownLanguage' };
  const list = parse(source) as Json;
  const before = new Map(englishOptions(list).map((option) => [option.value, option.title]));
  const titled = options.map(({ value, words }) => ({ value, title: (words[english] ?? before.get(value) ?? '').trim() }));
  if (titled.some(({ title }) => title === '')) return { refused: 'noWords' };

  const oneOfItems = Array.isArray(list.oneOf) ? list.oneOf.filter(isRecord) : [];
  const asEnum = oneOfItems.length === 0 && titled.every(({ value, title }) => value === title);
  let text: string | undefined;
  if (asEnum) text = replaceRootMember(source, 'enum', JSON.stringify(titled.map(({ value }) => value)).replaceAll('","', '", "'));
  else {
    const kept = new Map(oneOfItems.map((item) => [String(item.const), item]));
    const oneOf = titled.map(({ value, title }) => ({ ...(kept.get(value) ?? { const: value }), title }));
    text = 'oneOf' in list ? replaceRootMember(source, 'oneOf', nested(oneOf)) : undefined;
    // A plain list given labels of its own: one option a line, as its values stood on one line.
    const oneLine = (option: Json) => `{ ${Object.entries(option).map(([key, value]) => `${JSON.stringify(key)}: ${JSON.stringify(value)}`).join(', ')} }`;
    if (text === undefined) text = replaceRootMember(source, 'enum', `[\n${oneOf.map((option) => `    ${oneLine(option)}`).join(',\n')}\n  ]`)?.replace(/"enum"(\s*:)/, '"oneOf"$1');
  }
  if (text === undefined) return { refused: 'unknownList' };

  const next: Record<string, string> = { ...files, [listPath(name)]: text };
  for (const code of codes) {
    if (code === english) continue;
    const file = parse(files[labelsPath(code, name)]);
    const content: Json = isRecord(file) ? file : {};
    const labels = labelsOf(files, code, name);
    const ordered: Json = {};
    for (const { value, words } of options) {
      const label = words[code]?.trim() ? words[code] : labels[value];
      if (typeof label === 'string') ordered[value] = label;
    }
    const values = new Set(options.map(({ value }) => value));
    const descriptions = isRecord(content.descriptions) ? Object.fromEntries(Object.entries(content.descriptions).filter(([value]) => values.has(value))) : undefined;
    next[labelsPath(code, name)] = `${JSON.stringify({ ...content, labels: ordered, ...(descriptions ? { descriptions } : {}) }, null, 2)}\n`;
  }
  return { files: next };
}

export interface OptionCount {
  /** Applications whose stored answers chose it. */
  chosen: number;
  /** Of those, the ones not yet submitted. */
  open: number;
}

/** Per list and value, the applications whose answers to a question asking the list chose it (each counted once). */
export function optionCounts(lists: readonly StudioList[], answers: readonly { userId: string; step: string; data: unknown; open: boolean }[]): Map<string, Map<string, OptionCount>> {
  const counts = new Map<string, Map<string, OptionCount>>();
  for (const list of lists) {
    const byValue = new Map<string, Set<string>>();
    const openIds = new Set<string>();
    for (const row of answers) {
      for (const use of list.uses) {
        if (use.step !== row.step) continue;
        for (const value of valuesAt(row.data, use.path)) {
          const users = byValue.get(value) ?? new Set<string>();
          users.add(row.userId);
          byValue.set(value, users);
        }
      }
      if (row.open) openIds.add(row.userId);
    }
    counts.set(list.name, new Map([...byValue].map(([value, users]) => [value, { chosen: users.size, open: [...users].filter((id) => openIds.has(id)).length }])));
  }
  return counts;
}

/** The steps whose stored answers ask any list. */
export const stepsAskingLists = (lists: readonly StudioList[]): string[] => [...new Set(lists.flatMap((list) => list.uses.map(({ step }) => step)))];

import { type PageConfig, pageForms } from '../engine/config-types';
import type { LanguagesConfig } from '../engine/languages';
import { type JsonPath, type TextFileKind, describeTextPath, textAt, textLeaves } from '../engine/translations';
import { replaceStringAt } from './json-spans';

/**
 * Pure: every text of a config (the files of a release, by path) as the studio edits it: where it is shown, in
 * business terms, its words in each language side by side, and whether it is evidence (words an applicant agrees to,
 * whose every change the approver is shown). Which strings are texts is core/engine/translations.ts's rule, the one
 * the config check applies to translations: the studio lists exactly what a translator translates.
 */

export type ConfigFiles = Readonly<Record<string, string>>;

/** SMS texts are registered templates per language (DLT): not edited as words. */
type StudioKind = Exclude<TextFileKind, 'sms'>;

interface TextFile {
  kind: StudioKind;
  /** As a language's file names it: 'pages/pan.json', 'step-data/pan.schema.json', 'lists/gender.json'. */
  name: string;
  /** The English file, as a release names it. */
  path: string;
}

export interface StudioText {
  /** Opaque and stable across edits of the words: the file and the place in it. */
  id: string;
  kind: StudioKind;
  where: string;
  evidence: boolean;
  /** By language code; null where that language has no words for it yet. */
  words: Record<string, string | null>;
}

const topFiles: [StudioKind, string][] = [
  ['messages', 'messages.json'],
  ['flow', 'flow.json'],
  ['privacy', 'privacy.json'],
  ['uploads', 'uploads.json'],
];
const folders: [StudioKind, string, string][] = [
  ['page', 'flow-config/pages/', 'pages/'],
  ['stepSchema', 'schemas/step-data/', 'step-data/'],
  ['list', 'schemas/lists/', 'lists/'],
];

function textFiles(files: ConfigFiles): TextFile[] {
  const top = topFiles.filter(([, name]) => `flow-config/${name}` in files).map(([kind, name]) => ({ kind, name, path: `flow-config/${name}` }));
  const inFolders = folders.flatMap(([kind, prefix, named]) =>
    Object.keys(files)
      .filter((path) => path.startsWith(prefix) && path.endsWith('.json') && !path.slice(prefix.length).includes('/'))
      .sort()
      .map((path) => ({ kind, name: `${named}${path.slice(prefix.length)}`, path })),
  );
  return [...top, ...inFolders];
}

export function languagesOf(files: ConfigFiles): LanguagesConfig {
  const text = files['flow-config/languages.json'];
  return text ? (JSON.parse(text) as LanguagesConfig) : { default: 'en', languages: [{ code: 'en', name: 'English' }] };
}

const translationPath = (code: string, name: string) => `flow-config/languages/${code}/${name}`;

export const textId = (name: string, path: JsonPath): string => encodeURIComponent(JSON.stringify([name, path]));

function parseTextId(id: string): { name: string; path: JsonPath } | undefined {
  try {
    const parsed: unknown = JSON.parse(decodeURIComponent(id));
    if (!Array.isArray(parsed) || typeof parsed[0] !== 'string' || !Array.isArray(parsed[1])) return undefined;
    if (!(parsed[1] as unknown[]).every((part) => typeof part === 'string' || typeof part === 'number')) return undefined;
    return { name: parsed[0], path: parsed[1] as JsonPath };
  } catch {
    return undefined;
  }
}

const parse = (text: string | undefined): unknown => (text === undefined ? undefined : JSON.parse(text));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const copyWords: Record<string, string> = {
  title: 'heading',
  subtitle: 'subheading',
  submit: 'submit button',
  success: 'message on success',
  failure: 'message on failure',
  loading: 'while it works',
  back: 'back button',
};
const fieldWords: Record<string, string> = { label: 'label', placeholder: 'placeholder', help: 'help', hint: 'hint', title: 'label', description: 'description' };
/** Structure the people who edit never see: left out of a place's name. */
const silentParts = new Set(['form', 'uiSchema', 'ui:options', 'options', 'properties', 'copy', 'pages']);

function plainPath(path: JsonPath): string {
  return path
    .filter((part) => typeof part === 'number' || !silentParts.has(part))
    .map((part) => (typeof part === 'number' ? `item ${part + 1}` : part))
    .join(' › ');
}

function copyPlace(key: string): string {
  const dot = key.lastIndexOf('.');
  if (dot > 0) return `question '${key.slice(0, dot)}' › ${fieldWords[key.slice(dot + 1)] ?? key.slice(dot + 1)}`;
  return copyWords[key] ?? key;
}

/** Where a text is shown, as an editor names it: the page, form, list or message, then the question and what it is. */
function placeOf(file: TextFile, english: unknown, path: JsonPath): string {
  switch (file.kind) {
    case 'page': {
      const [, route, ...rest] = path;
      const place = rest[0] === 'copy' && typeof rest[1] === 'string' && rest.length === 2 ? copyPlace(rest[1]) : plainPath(rest);
      return `Page ${String(route)} › ${place}`;
    }
    case 'stepSchema': {
      const schemaTitle = isRecord(english) && typeof english.title === 'string' ? english.title : file.name;
      if (path[0] === 'properties' && typeof path[1] === 'string') {
        const what = path[2] === 'errorMessage' ? 'message' : (fieldWords[String(path[2])] ?? plainPath(path.slice(2)));
        return `Form '${schemaTitle}' › question '${path[1]}' › ${what}`;
      }
      if (path[0] === 'errorMessage' && path[1] === 'required' && typeof path[2] === 'string') return `Form '${schemaTitle}' › question '${path[2]}' › message when left empty`;
      return `Form '${schemaTitle}' › ${plainPath(path) || 'title'}`;
    }
    case 'list':
      return `List '${file.name.slice('lists/'.length, -'.json'.length)}' › option '${String(path[1])}'${path[0] === 'descriptions' ? ' › description' : ''}`;
    case 'messages':
      return `Message ${path.join('.')}`;
    case 'flow':
      return `Journey › ${plainPath(path)}`;
    case 'privacy':
      return `Privacy Notice › ${plainPath(path)}`;
    case 'uploads':
      return `Uploads › ${plainPath(path)}`;
  }
}

/** The declaration fields (`"x-consent"`) of the forms of a page. */
function consentFields(page: PageConfig, files: ConfigFiles): Set<string> {
  const fields = new Set<string>();
  for (const form of pageForms(page)) {
    const schema = typeof form.schema === 'string' ? parse(files[`schemas/step-data/${form.schema}.schema.json`]) : undefined;
    const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
    for (const [field, property] of Object.entries(properties)) if (isRecord(property) && property['x-consent'] === true) fields.add(field);
  }
  return fields;
}

/**
 * Evidence texts: the Privacy Notice, every text of a page that records an acknowledgement (`evidenceKey`), and the
 * words of a declaration (its statement `<field>.label`, and its widget's heading, items, source and link).
 */
function isEvidence(file: TextFile, english: unknown, path: JsonPath, files: ConfigFiles): boolean {
  if (file.kind === 'privacy') return true;
  if (file.kind !== 'page' || path[0] !== 'pages' || typeof path[1] !== 'string') return false;
  const page = isRecord(english) && isRecord(english.pages) ? (english.pages[path[1]] as PageConfig | undefined) : undefined;
  if (!page) return false;
  const options = 'options' in page ? page.options : undefined;
  if (isRecord(options) && typeof options.evidenceKey === 'string') return true;
  const fields = consentFields(page, files);
  if (path[2] === 'copy' && typeof path[3] === 'string') return [...fields].some((field) => path[3] === `${field}.label`);
  const uiAt = path.indexOf('uiSchema');
  return uiAt > 0 && fields.has(String(path[uiAt + 1]));
}

/** Every text of `files`, in every declared language, file by file in the order translators see them. */
export function studioTexts(files: ConfigFiles): StudioText[] {
  const { default: english, languages } = languagesOf(files);
  const others = languages.map(({ code }) => code).filter((code) => code !== english);
  return textFiles(files).flatMap((file) => {
    const content = parse(files[file.path]);
    const translations = Object.fromEntries(others.map((code) => [code, parse(files[translationPath(code, file.name)])]));
    return textLeaves(file.kind, content).map(({ path, text }) => {
      const words: Record<string, string | null> = { [english]: text };
      for (const code of others) {
        const translated = textAt(translations[code], path);
        words[code] = typeof translated === 'string' ? translated : null;
      }
      return { id: textId(file.name, path), kind: file.kind, where: placeOf(file, content, path), evidence: isEvidence(file, content, path, files), words };
    });
  });
}

/**
 * The files a text is in (its English file and each language's), each with the text's place as the config check's
 * messages write it: how a finding of the check is shown at the text it concerns.
 */
export function textLocations(files: ConfigFiles, id: string): { file: string; place: string; names: string[] }[] {
  const parsed = parseTextId(id);
  const file = parsed && textFiles(files).find(({ name }) => name === parsed.name);
  if (!parsed || !file) return [];
  const place = describeTextPath(parsed.path);
  // What a check message that words the place its own way ("page /verify-pan: copy has no 'title'") still names.
  const names = parsed.path.filter((part): part is string => typeof part === 'string' && !silentParts.has(part));
  const others = languagesOf(files).languages.map(({ code }) => code).filter((code) => code !== languagesOf(files).default);
  return [{ file: file.path, place, names }, ...others.map((code) => ({ file: translationPath(code, file.name), place, names }))];
}

export type TextEditRefusal = 'unknownText' | 'unknownLanguage' | 'notEditable';

/** `root` with `value` set at `path`, objects made on the way (a language's file names array items by key or index). */
function setAt(root: unknown, path: JsonPath, value: string): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(root) && typeof head === 'number') return root.map((item, index) => (index === head ? setAt(item, rest, value) : item));
  const node = isRecord(root) ? root : {};
  return { ...node, [String(head)]: setAt(node[String(head)], rest, value) };
}

/**
 * `files` with one text's words in one language changed. The string is rewritten in place, so the file keeps its
 * layout; a language's file that lacks the text gets it added (that file is written out again).
 */
export function withWords(files: ConfigFiles, id: string, language: string, words: string): { files: ConfigFiles } | { refused: TextEditRefusal } {
  const parsed = parseTextId(id);
  const file = parsed && textFiles(files).find(({ name }) => name === parsed.name);
  if (!parsed || !file) return { refused: 'unknownText' };
  const content = parse(files[file.path]);
  if (!textLeaves(file.kind, content).some(({ path }) => JSON.stringify(path) === JSON.stringify(parsed.path))) return { refused: 'unknownText' };
  const { default: english, languages } = languagesOf(files);
  if (!languages.some(({ code }) => code === language)) return { refused: 'unknownLanguage' };
  if (language !== english) {
    const path = translationPath(language, file.name);
    const current = files[path];
    const inPlace = current === undefined ? undefined : replaceStringAt(current, parsed.path, words);
    const text = inPlace ?? `${JSON.stringify(setAt(parse(current) ?? {}, parsed.path, words), null, 2)}\n`;
    return { files: { ...files, [path]: text } };
  }
  const source = files[file.path] as string;
  const inPlace = file.kind === 'list' ? listWordsInPlace(source, content, parsed.path, words) : replaceStringAt(source, parsed.path, words);
  return inPlace === undefined ? { refused: 'notEditable' } : { files: { ...files, [file.path]: inPlace } };
}

/** A list's English label is its option's title (a list of plain values has none to reword: that is a new value). */
function listWordsInPlace(source: string, list: unknown, path: JsonPath, words: string): string | undefined {
  const options = isRecord(list) && Array.isArray(list.oneOf) ? list.oneOf : [];
  const index = options.findIndex((option) => isRecord(option) && String(option.const) === path[1]);
  if (index < 0) return undefined;
  return replaceStringAt(source, ['oneOf', index, path[0] === 'descriptions' ? 'description' : 'title'], words);
}

/** `root` with the text at `path` blanked (an item of a list of objects named by its id, as textLeaves names it). */
function blankAt(root: unknown, path: JsonPath): void {
  let node = root;
  for (const [index, part] of path.entries()) {
    const last = index === path.length - 1;
    if (Array.isArray(node)) {
      const at = typeof part === 'number' ? part : node.findIndex((item) => isRecord(item) && item.id === part);
      if (last) node[at] = '';
      else node = node[at];
    } else if (isRecord(node)) {
      if (last) node[String(part)] = '';
      else node = node[String(part)];
    } else return;
  }
}

/**
 * A list without its words: its values in order, whether written as an `enum` (each value its own label) or as `oneOf`
 * with titles, so giving an option a label of its own is wording too.
 */
function listStructure(list: unknown): unknown {
  if (!isRecord(list)) return list;
  const { enum: values, oneOf, ...rest } = list;
  const options = Array.isArray(values)
    ? values.map((value) => ({ const: value }))
    : Array.isArray(oneOf)
      ? oneOf.map((option) => (isRecord(option) ? Object.fromEntries(Object.entries(option).filter(([key]) => key !== 'title' && key !== 'description')) : option))
      : undefined;
  return options ? { ...rest, oneOf: options } : rest;
}

/**
 * What a config is once its words are taken away: every text blanked (a list's option titles and descriptions
 * included), each language's files left out. Two configs with the same structure differ in wording alone, and a
 * release of wording alone reaches open applications at once (server/releases/service.ts).
 */
export function structureOf(files: ConfigFiles): string {
  const kinds = new Map(textFiles(files).map((file) => [file.path, file.kind]));
  const parts = Object.keys(files)
    .filter((path) => !path.startsWith('flow-config/languages/'))
    .sort()
    .map((path) => {
      const kind = kinds.get(path);
      if (!kind) return [path, files[path]];
      const content = parse(files[path]);
      if (kind === 'list') return [path, JSON.stringify(listStructure(content))];
      for (const { path: at } of textLeaves(kind, content)) blankAt(content, at);
      return [path, JSON.stringify(content)];
    });
  return JSON.stringify(parts);
}

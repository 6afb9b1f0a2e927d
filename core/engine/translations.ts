/**
 * Pure: which strings of a config file are texts an applicant reads, and a language's file of those texts.
 * A language other than the default is a set of files under flow-config/languages/<code>/, each shaped like the
 * file it translates but holding its texts only (a list's file holds `labels`, by value); applied, they give the
 * same config in that language, so every consumer of the config follows it with no code of its own.
 */

export type TextFileKind = 'messages' | 'flow' | 'privacy' | 'uploads' | 'page' | 'stepSchema' | 'list' | 'sms';
export type JsonPath = readonly (string | number)[];
type Json = unknown;

/** messages.json: everything but these sections (addresses, code-to-code maps, the broker's name and ids). */
const messageNonTexts = new Set(['$schema', 'links', 'shownAs', 'brand']);
/** flow.json is mostly structure: only these keys hold texts (steps' titles, panels, completed stages, progress groups, emails). */
const flowTextKeys = new Set(['title', 'subtitle', 'features', 'label', 'subject', 'text', 'action']);
/** Page files are mostly texts (copy, widgets' labels): these keys hold routes, names and settings instead. */
const pageNonTextKeys = new Set([
  '$schema', 'accept', 'address', 'aspect', 'autocomplete', 'back', 'confirmRoute', 'defaultChoice', 'detailsStep', 'effect', 'field',
  'fields', 'inputType', 'linkUrl', 'max', 'min', 'next', 'rejectedLabelsFrom', 'route', 'schema', 'screen', 'support',
  'ui:order', 'ui:widget', 'url', 'workflow', 'collapseOver', 'collapsedShow', 'visible',
  // An evidence text's stable key and version, the circulars' numbers it cites, the texts it must be acknowledged with.
  'evidenceKey', 'version', 'references', 'acknowledge', 'published', 'kitLinks', 'policies', 'verify', 'relation', 'time',
  // What the eSign preview reads: stored fields' paths, and the ones shown masked.
  'masked',
]);
const privacyNonTextKeys = new Set(['$schema', 'id', 'version', 'email', 'phone']);
const uploadsTextKeys = new Set(['acceptText', 'label']);
/** In a step schema: messages (every string under errorMessage) and the titles and descriptions of fields. */
const schemaTextKeys = new Set(['title', 'description']);

function isRecord(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The key a leaf hangs from, ignoring array indices ('features' for features/2). */
function ownKey(path: JsonPath): string | undefined {
  for (let i = path.length - 1; i >= 0; i -= 1) if (typeof path[i] === 'string') return path[i] as string;
  return undefined;
}

function isTextPath(kind: Exclude<TextFileKind, 'list'>, path: JsonPath): boolean {
  const key = ownKey(path);
  // A $ref names a text written elsewhere (translated there); a $comment is for the config's editors.
  if (key === undefined || key === '$ref' || key === '$comment') return false;
  switch (kind) {
    case 'messages':
      return !messageNonTexts.has(String(path[0]));
    case 'flow':
      return flowTextKeys.has(key);
    case 'page':
      return path.includes('copy') || !path.some((part) => typeof part === 'string' && pageNonTextKeys.has(part));
    case 'privacy':
      return !privacyNonTextKeys.has(key);
    case 'uploads':
      return uploadsTextKeys.has(key);
    case 'stepSchema':
      return path.includes('errorMessage') || (schemaTextKeys.has(key) && path[path.length - 2] !== 'properties');
    case 'sms':
      // Not words but each language's own registration: a Hindi SMS is a DLT template (and MSG91 template) of its own.
      return path[0] === 'templates';
  }
}

export interface TextLeaf {
  path: JsonPath;
  text: string;
}

/** A list's options by value: enum values, or oneOf consts with their titles. */
function listOptions(list: Json): { value: string; title?: string; description?: string }[] {
  if (!isRecord(list)) return [];
  if (Array.isArray(list.enum)) return list.enum.map((value) => ({ value: String(value) }));
  if (!Array.isArray(list.oneOf)) return [];
  return list.oneOf.filter(isRecord).map((option) => ({
    value: String(option.const),
    ...(typeof option.title === 'string' ? { title: option.title } : {}),
    ...(typeof option.description === 'string' ? { description: option.description } : {}),
  }));
}

/**
 * An array item's place in a path: its `id` when it has one (flow.json's steps), so a language's file names it by id
 * and stays right when the English list is reordered or grows; else its index.
 */
function itemKey(item: Json, index: number): string | number {
  return isRecord(item) && typeof item.id === 'string' ? item.id : index;
}

/** Every text of a config file with its path; a list's texts are its options' labels (labels/<value>) and descriptions (descriptions/<value>). */
export function textLeaves(kind: TextFileKind, content: Json): TextLeaf[] {
  if (kind === 'list') {
    return listOptions(content).flatMap(({ value, title, description }) => [
      { path: ['labels', value], text: title ?? value },
      ...(description === undefined ? [] : [{ path: ['descriptions', value], text: description }]),
    ]);
  }
  const leaves: TextLeaf[] = [];
  const walk = (node: Json, path: (string | number)[]): void => {
    if (typeof node === 'string') {
      if (isTextPath(kind, path)) leaves.push({ path, text: node });
    } else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, itemKey(item, index)]));
    else if (isRecord(node)) {
      // An item's id names it in the path (itemKey); it is never a text.
      const keyedById = typeof node.id === 'string' && node.id === path[path.length - 1];
      for (const [key, value] of Object.entries(node)) if (!(keyedById && key === 'id')) walk(value, [...path, key]);
    }
  };
  walk(content, []);
  return leaves;
}

/** What a file holds at a path (a translation's text where the English file has one); an id in a path names a list's item. */
export function textAt(root: Json, path: JsonPath): Json {
  let node = root;
  for (const part of path) {
    if (Array.isArray(node)) node = typeof part === 'number' ? node[part] : node.find((item) => isRecord(item) && item.id === part);
    else if (isRecord(node) && typeof part === 'string') node = node[part];
    else return undefined;
  }
  return node;
}

/** A path as check messages name it: /~1verify-pan/copy/title reads as "/verify-pan".copy.title. */
export function describeTextPath(path: JsonPath): string {
  return path.map((part, index) => (typeof part === 'number' ? `[${part}]` : /^[\w$:-]+$/.test(part) ? `${index ? '.' : ''}${part}` : `${index ? '.' : ''}"${part}"`)).join('');
}

/** What a language's file lacks, or has that the English file has no text for: each named by its path. */
export function translationProblems(kind: TextFileKind, english: Json, translation: Json): string[] {
  const leaves = textLeaves(kind, english);
  // Blank words where the English has some are as missing as no words: the applicant would read nothing.
  const problems = leaves
    .filter(({ path, text }) => {
      const words = textAt(translation, path);
      return typeof words !== 'string' || (words.trim() === '' && text.trim() !== '');
    })
    .map(({ path, text }) => `missing the text at ${describeTextPath(path)} ("${text.length > 60 ? `${text.slice(0, 57)}...` : text}")`);
  const known = new Set(leaves.map(({ path }) => JSON.stringify(path)));
  const extra: string[] = [];
  const walk = (node: Json, path: (string | number)[]): void => {
    if (typeof node === 'string') {
      if (!known.has(JSON.stringify(path))) extra.push(`${describeTextPath(path)} is not a text of the file it translates`);
    } else if (Array.isArray(node)) node.forEach((item, index) => walk(item, [...path, index]));
    else if (isRecord(node)) for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
  };
  walk(translation, []);
  return [...problems, ...extra];
}

/** The file in another language: a copy of `english` with each text the translation holds put in its place. */
export function translated<T>(kind: TextFileKind, english: T, translation: Json): T {
  return kind === 'list' ? withListLabels(structuredClone(english), translation) : (withTexts(english, translation) as T);
}

/**
 * `english` with the translation's strings laid over it, by key, by id and by index. The check has made sure a translation
 * holds texts only (translationProblems), so the browser merges without knowing which strings are texts.
 */
function withTexts(english: Json, translation: Json): Json {
  if (typeof translation === 'string') return typeof english === 'string' ? translation : english;
  if (Array.isArray(english)) {
    if (Array.isArray(translation)) return english.map((item, index) => withTexts(item, translation[index]));
    // Items with an id are translated by id (itemKey).
    return isRecord(translation) ? english.map((item, index) => withTexts(item, translation[String(itemKey(item, index))])) : english;
  }
  if (!isRecord(english) || !isRecord(translation)) return english;
  const merged: Record<string, Json> = { ...english };
  for (const [key, value] of Object.entries(translation)) if (Object.hasOwn(english, key)) merged[key] = withTexts(english[key], value);
  return merged;
}

/** A list in another language: oneOf titles and descriptions replaced; an enum list carries its labels as `x-labels` (values stay). */
function withListLabels<T>(list: T, translation: Json): T {
  const labels = isRecord(translation) && isRecord(translation.labels) ? translation.labels : {};
  const descriptions = isRecord(translation) && isRecord(translation.descriptions) ? translation.descriptions : {};
  if (!isRecord(list)) return list;
  if (Array.isArray(list.oneOf)) {
    for (const option of list.oneOf.filter(isRecord)) {
      const label = labels[String(option.const)];
      if (typeof label === 'string') option.title = label;
      const description = descriptions[String(option.const)];
      if (typeof description === 'string') option.description = description;
    }
  } else if (Array.isArray(list.enum)) {
    (list as Record<string, unknown>)["x-labels"] = Object.fromEntries(Object.entries(labels).filter(([, label]) => typeof label === 'string'));
  }
  return list;
}

/** The file a translator starts from: the English file's texts only, in its shape (paths as `textLeaves` gives them). */
export function translationSkeleton(kind: TextFileKind, english: Json): Json {
  let skeleton: Json = {};
  for (const { path, text } of textLeaves(kind, english)) {
    let node = skeleton;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const next: Json = last ? text : typeof path[index + 1] === 'number' ? [] : {};
      const container = node as Record<string | number, Json>;
      if (container[part] === undefined || last) container[part] = next;
      node = container[part];
    });
    if (path.length === 0) skeleton = text;
  }
  return skeleton;
}

/**
 * The file with every text emptied (''), its shape kept: what the browser bundles eagerly while the texts themselves
 * (translationSkeleton) load with their route and are laid over it like any language's (`translated`).
 */
export function withoutTexts<T>(kind: Exclude<TextFileKind, 'list'>, content: T): T {
  const emptied = structuredClone(content) as Json;
  for (const { path } of textLeaves(kind, content)) {
    const parent = textAt(emptied, path.slice(0, -1)) as Record<string | number, Json>;
    parent[path[path.length - 1] as string | number] = '';
  }
  return emptied as T;
}

import { pathText } from './schema-refs.ts';

/**
 * Copy check of validation messages: a text is written once and referred to with "$ref" wherever else it is
 * meant (modification's messages are personal details' own). A second copy would drift the day one of them is
 * reworded. One field may say the same text for several of its rules (ajv-errors wants the message beside each
 * rule: a missing answer on the object, a blank one on the field, the same rule again inside an if/then), so a
 * copy is the same text written for two different fields, or in two files.
 */

export interface RawSchemaFile {
  /** As named in messages: schemas/step-data/pan.schema.json. */
  label: string;
  raw: unknown;
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

interface Occurrence {
  label: string;
  path: string[];
  /** The field the text is written for: the names of properties (and definitions) on its path. */
  field: string;
}

/** Every text under an `errorMessage`, with the field it words. */
function messagesOf(raw: unknown, label: string): Map<string, Occurrence[]> {
  const found = new Map<string, Occurrence[]>();
  const add = (text: string, path: string[], names: string[]) => {
    const list = found.get(text) ?? [];
    list.push({ label, path, field: names.join('.') });
    found.set(text, list);
  };
  const texts = (node: unknown, path: string[], names: string[]): void => {
    if (typeof node === 'string') return add(node, path, names);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref') continue; // a reference to the one copy, not a copy
      // `required: { field: text }` words the missing field itself.
      const isRequiredMap = path.at(-1) === 'errorMessage' && key === 'required' && isObject(value);
      if (isRequiredMap) {
        for (const [field, text] of Object.entries(value)) if (field !== '$ref') texts(text, [...path, key, field], [...names, field]);
      }
      else texts(value, [...path, key], names);
    }
  };
  const walk = (node: unknown, path: string[], names: string[]): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, [...path, String(i)], names));
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === 'errorMessage') texts(value, [...path, key], names);
      else if ((key === 'properties' || key === 'definitions') && isObject(value)) {
        for (const [name, sub] of Object.entries(value)) walk(sub, [...path, key, name], [...names, name]);
      } else walk(value, [...path, key], names);
    }
  };
  walk(raw, [], []);
  return found;
}

/** Texts written for two fields or in two files, each named by file and JSON path. */
export function messageCopyProblems(files: readonly RawSchemaFile[]): string[] {
  const all = new Map<string, Occurrence[]>();
  for (const { raw, label } of files) {
    for (const [text, occurrences] of messagesOf(raw, label)) all.set(text, [...(all.get(text) ?? []), ...occurrences]);
  }
  const problems: string[] = [];
  for (const [text, occurrences] of all) {
    // The original is a field's own message rather than an entry of a `required` map; the others are its copies.
    const [first, ...rest] = [...occurrences].sort((a, b) => Number(isRequiredEntry(a)) - Number(isRequiredEntry(b)));
    if (!first) continue;
    for (const other of rest.filter((copy) => copy.label !== first.label || copy.field !== first.field)) {
      problems.push(
        `${other.label}: ${pathText(other.path)} repeats ${JSON.stringify(text)} of ${first.label}: ${pathText(first.path)}; ` +
          `write a text once and refer to it with "$ref": "${refTo(other.label, first)}"`,
      );
    }
  }
  return problems;
}

const isRequiredEntry = (occurrence: Occurrence) => occurrence.path.includes('required');

/** The `$ref` that names the first copy from the file of another. */
function refTo(from: string, to: Occurrence): string {
  const file = from === to.label ? '' : to.label.slice(to.label.lastIndexOf('/') + 1);
  return `${file}#/${to.path.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/')}`;
}

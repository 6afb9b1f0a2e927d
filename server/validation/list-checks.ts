import { allowedValues } from '../../core/engine/schema-options.ts';
import { pathText } from './schema-refs.ts';

/**
 * Drift checks for step-data schemas: every list of options is written once in schemas/lists and referenced
 * by `$ref`, and every value a rule names (the F&O income threshold, say) is one of its field's options.
 */

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

const conditionKeys = ['if', 'then', 'else', 'not', 'allOf', 'anyOf', 'oneOf'] as const;

function isConstList(value: unknown): boolean {
  return Array.isArray(value) && value.length >= 2 && value.every((item) => isObject(item) && 'const' in item);
}

/** Inline lists of options (an enum, or a oneOf of consts) in a schema as written: each is a copy waiting to drift. */
export function inlineListProblems(raw: unknown, file: string): string[] {
  const problems: string[] = [];
  const walk = (node: unknown, path: string[]): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, [...path, String(i)]));
    if (!isObject(node)) return;
    const inline = Array.isArray(node.enum) && node.enum.length >= 2 ? 'enum' : (['oneOf', 'anyOf'] as const).find((key) => isConstList(node[key]));
    if (inline) {
      problems.push(`${file}: ${pathText([...path, inline])} is an inline list of options; options live once in schemas/lists/ and are referenced with "$ref"`);
    }
    for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
  };
  walk(raw, []);
  return problems;
}

function namedValues(node: unknown, found: { path: string[]; value: unknown }[], path: string[]): void {
  if (Array.isArray(node)) return node.forEach((item, i) => namedValues(item, found, [...path, String(i)]));
  if (!isObject(node)) return;
  if ('const' in node) found.push({ path: [...path, 'const'], value: node.const });
  if (Array.isArray(node.enum)) node.enum.forEach((value, i) => found.push({ path: [...path, 'enum', String(i)], value }));
  for (const [key, value] of Object.entries(node)) if (key !== 'enum' && key !== 'const') namedValues(value, found, [...path, key]);
}

/** Values named by rules (if/then/else, allOf, not, ...) that are not options of the field they constrain. */
export function ruleValueProblems(raw: unknown, resolved: unknown, file: string): string[] {
  if (!isObject(raw) || !isObject(resolved) || !isObject(resolved.properties)) return [];
  const fields = resolved.properties;
  const problems: string[] = [];
  const walk = (node: unknown, path: string[]): void => {
    if (Array.isArray(node)) return node.forEach((item, i) => walk(item, [...path, String(i)]));
    if (!isObject(node)) return;
    if (isObject(node.properties)) {
      for (const [field, sub] of Object.entries(node.properties)) {
        const allowed = allowedValues(fields[field]);
        if (!allowed) continue;
        const found: { path: string[]; value: unknown }[] = [];
        namedValues(sub, found, [...path, 'properties', field]);
        for (const { path: at, value } of found) {
          if (!allowed.includes(value)) {
            problems.push(`${file}: ${pathText(at)} names ${JSON.stringify(value)}, which is not an option of '${field}' (${allowed.map((v) => JSON.stringify(v)).join(', ')})`);
          }
        }
      }
    }
    for (const key of conditionKeys) if (key in node) walk(node[key], [...path, key]);
  };
  for (const key of conditionKeys) if (key in raw) walk(raw[key], [key]);
  return problems;
}

/** Two files of schemas/lists offering the same options: one is a copy of the other. */
export function listCopyProblems(lists: readonly { label: string; list: unknown }[]): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const { label, list } of lists) {
    const values = allowedValues(list);
    if (!values || values.length < 2) continue;
    const key = JSON.stringify([...values].map((value) => JSON.stringify(value)).sort());
    const first = seen.get(key);
    if (first) problems.push(`${label}: offers the same options as ${first}; a list lives in one file, referenced with "$ref"`);
    else seen.set(key, label);
  }
  return problems;
}

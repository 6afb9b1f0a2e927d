import { parseDmy } from '../../core/engine/calendar-date.ts';
import { uploadKeyword } from '../../core/engine/upload-limits.ts';
import type { RawSchemaFile } from './message-checks.ts';
import { type RuleKeyword, ruleKeywordTypes } from './rule-keywords.ts';
import { pathText } from './schema-refs.ts';

/**
 * Our keywords in the step schemas, as written: each "x-" keyword is one the server knows (a typo would be ignored
 * by the validators, and its rule silently not applied), its value has the shape it reads, and a rule says its
 * message (ajv's own words otherwise reach the applicant). So a new question that must not be blank, or a date
 * within a range, is written in its schema alone, and a mistake in it is named by `npm run check:config`.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

const isDateBound = (value: unknown) => value === 'today' || (typeof value === 'string' && parseDmy(value) !== undefined);

/** Each rule keyword's value, checked: undefined when right, else what it must be. */
const ruleValues: Record<RuleKeyword, (value: unknown) => string | undefined> = {
  'x-notBlank': (value) => (value === true ? undefined : 'must be true'),
  'x-dateWithin': (value) =>
    isObject(value) && Object.keys(value).every((key) => key === 'min' || key === 'max') && Object.values(value).every(isDateBound)
      ? undefined
      : 'must be { "min", "max" }, each a DD/MM/YYYY date or "today"',
  'x-ageBelow': (value) => (Number.isInteger(value) && (value as number) > 0 ? undefined : 'must be a whole number of years'),
  'x-sumEquals': (value) =>
    isObject(value) && typeof value.field === 'string' && typeof value.total === 'number' && Object.keys(value).length === 2
      ? undefined
      : 'must be { "field": <a number field of the items>, "total": <number> }',
  'x-atMostOne': (value) => (typeof value === 'string' && value.length > 0 ? undefined : 'must be the name of a true/false field of the items'),
};

/** Keywords that describe a field rather than check it (x-upload and x-transform are checked where they are read). */
const annotations: Record<string, (value: unknown) => string | undefined> = {
  [uploadKeyword]: () => undefined,
  'x-transform': () => undefined,
  'x-consent': (value) => (value === true ? undefined : 'must be true (the field is the applicant\'s own declaration)'),
  'x-onUser': (value) => (typeof value === 'boolean' ? undefined : 'must be true or false'),
};

const known = [...Object.keys(ruleValues), ...Object.keys(annotations)].sort();
const isRule = (key: string): key is RuleKeyword => Object.hasOwn(ruleKeywordTypes, key);

/** Keys whose values are data, messages or notes, never schemas. */
const notSchemas = new Set(['errorMessage', '$comment', 'const', 'enum', 'default', 'examples']);

/** Whether the node words a failure of `keyword`: a text for the field, its own entry, `_`, or a $ref to them. */
function hasMessage(node: Json, keyword: string): boolean {
  const message = node.errorMessage;
  return typeof message === 'string' || (isObject(message) && (keyword in message || '_' in message || '$ref' in message));
}

function nodeProblems(node: Json, path: string[], label: string): string[] {
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (!key.startsWith('x-')) continue;
    const where = `${label}: ${pathText([...path, key])}`;
    if (!isRule(key) && !Object.hasOwn(annotations, key)) {
      problems.push(`${where}: unknown keyword (known: ${known.join(', ')})`);
      continue;
    }
    const wrong = isRule(key) ? ruleValues[key](value) : annotations[key]!(value);
    if (wrong) problems.push(`${where} ${wrong}`);
    if (!isRule(key)) continue;
    if (node.type !== undefined && node.type !== ruleKeywordTypes[key]) problems.push(`${where}: applies to a "${ruleKeywordTypes[key]}" field, not "${String(node.type)}"`);
    // Inside an `if`, the rule only chooses a branch: it is never the applicant's error.
    if (!path.includes('if') && !hasMessage(node, key)) {
      problems.push(`${where}: needs its message, as "errorMessage": "<text>" or "errorMessage": { "${key}": "<text>" }`);
    }
  }
  return problems;
}

export function schemaKeywordProblems(files: readonly RawSchemaFile[]): string[] {
  const problems: string[] = [];
  const walk = (node: unknown, path: string[], label: string): void => {
    if (Array.isArray(node)) return node.forEach((item, index) => walk(item, [...path, String(index)], label));
    if (!isObject(node)) return;
    problems.push(...nodeProblems(node, path, label));
    for (const [key, value] of Object.entries(node)) if (!notSchemas.has(key) && !key.startsWith('x-')) walk(value, [...path, key], label);
  };
  for (const { label, raw } of files) walk(raw, [], label);
  return problems;
}

import type { Experimental_DefaultFormStateBehavior, RJSFSchema } from '@rjsf/utils';
import type { StepFormData } from './types';

/** Pure rules for a form's data on its way in (from a stored record) and out (to validation and submit). */

/**
 * Nothing answers itself: a `const` is a rule, not an answer (without 'never' rjsf would tick a declaration whose
 * schema says it must be true, or preselect the first of a list written as oneOf consts), and a required yes/no is
 * not false until the applicant says so. Only a schema's `default` fills a field in.
 */
export const defaultsBehaviour: Experimental_DefaultFormStateBehavior = { constAsDefaults: 'never', requiredBooleanDefault: 'skip' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Text answers count without spaces at the ends, and an answer of spaces only is no answer. */
export function trimAnswers(data: StepFormData): StepFormData {
  const trim = (value: unknown): unknown => {
    if (typeof value === 'string') return value.trim();
    if (Array.isArray(value)) return value.map(trim);
    return isRecord(value) ? trimAnswers(value) : value;
  };
  return Object.fromEntries(Object.entries(data).flatMap(([key, value]) => {
    const trimmed = trim(value);
    return trimmed === '' ? [] : [[key, trimmed]];
  }));
}

/** Not absent, not blank, not an empty list. */
export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  if (typeof value === 'string') return value.trim() !== '';
  return !Array.isArray(value) || value.length > 0;
}

/** What a stored record (the user) offers a form as answers: unanswered fields left out. */
export function recordAnswers(record: object | null | undefined): StepFormData {
  if (!record) return {};
  return Object.fromEntries(Object.entries(record).filter(([, value]) => isAnswered(value)));
}

/** The values a field offers, when it is a choice: its `enum`, or the `const` of every `oneOf`/`anyOf` entry. */
export function choiceValues(schema: unknown): readonly unknown[] | undefined {
  if (!isRecord(schema)) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum;
  const entries: unknown = schema.oneOf ?? schema.anyOf;
  if (!Array.isArray(entries) || entries.length === 0 || !entries.every((entry) => isRecord(entry) && 'const' in entry)) return undefined;
  return entries.map((entry: Record<string, unknown>) => entry.const);
}

/** `value` as the schema spells it ('female' for 'Female' where the options are lowercase), or undefined. */
function spelled(value: unknown, options: readonly unknown[]): unknown {
  if (options.includes(value)) return value;
  return typeof value === 'string' ? options.find((option) => typeof option === 'string' && option.toLowerCase() === value.toLowerCase()) : undefined;
}

function fitValue(value: unknown, schema: unknown): unknown {
  const options = choiceValues(schema);
  if (options) return spelled(value, options);
  const items = isRecord(schema) && Array.isArray(value) ? choiceValues(schema.items) : undefined;
  return items && Array.isArray(value) ? value.map((item) => spelled(item, items)).filter((item) => item !== undefined) : value;
}

/**
 * Answers the form can take: only the schema's fields (and only `fields`, when the form shows a subset), and
 * option answers matched to the schema's own spelling case-insensitively; answers that are no option are dropped.
 */
export function fitToSchema(values: StepFormData, schema: RJSFSchema, fields?: readonly string[]): StepFormData {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  return Object.fromEntries(
    Object.entries(values).flatMap(([field, value]) => {
      if (!Object.hasOwn(properties, field) || (fields && !fields.includes(field))) return [];
      const fitted = fitValue(value, properties[field]);
      return isAnswered(fitted) ? [[field, fitted]] : [];
    }),
  );
}

/** The answers to `fields` alone, when the form shows only those. */
export function only(data: StepFormData, fields: readonly string[] | undefined): StepFormData {
  return fields ? Object.fromEntries(Object.entries(data).filter(([key]) => fields.includes(key))) : data;
}

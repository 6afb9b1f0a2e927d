import { getDefaultFormState, type ErrorSchema, type RJSFSchema, type RJSFValidationError } from '@rjsf/utils';
import { format } from '../../text/format';
import type { FormPageSpec, RuleDialogSpec } from '../../../core/engine/form-layout';
import { ruleOfError, schemaRules, type SchemaRule } from '../../../core/engine/schema-rules';
import { answerValidator } from './answer-validator';
import { placeErrors } from './errors';
import { defaultsBehaviour, fitToSchema, isAnswered } from './form-data';
import type { StepFormData, StepValidatorType } from './types';

/** Pure rules of a paged form: which errors belong to a page, when its Next is enabled, which rule a page breaks. */

/** Errors of the whole answers, as the form shows them (messages placed on their fields). */
export function answerErrors(data: StepFormData, schema: RJSFSchema, validator: StepValidatorType): RJSFValidationError[] {
  return placeErrors(answerValidator(validator, schema).validateFormData(data, schema).errors);
}

/** The top-level field an error is about ('.segments.1' → 'segments'). */
export function topField(property: string | undefined): string {
  return (property ?? '').replace(/^\./, '').split(/[.[]/)[0] ?? '';
}

/** A rule of the schema broken by the answers on a page, with the dialog config gives for it. */
export interface RuleBreak {
  rule: SchemaRule;
  dialog: RuleDialogSpec;
  /** The schema's own message for it. */
  message: string;
}

export function ruleBreaks(
  errors: readonly RJSFValidationError[],
  rules: readonly SchemaRule[],
  dialogs: readonly RuleDialogSpec[],
  fields: readonly string[],
): RuleBreak[] {
  return errors.flatMap((error) => {
    const rule = ruleOfError(rules, error.schemaPath);
    const dialog = rule && fields.includes(rule.field) ? dialogs.find((candidate) => candidate.field === rule.field) : undefined;
    return rule && dialog ? [{ rule, dialog, message: error.message ?? '' }] : [];
  });
}

/** Errors about `fields`, except those a rule dialog explains. */
export function fieldErrors(
  errors: readonly RJSFValidationError[],
  fields: readonly string[],
  explained: readonly RuleBreak[] = [],
): RJSFValidationError[] {
  return errors.filter(
    (error) => fields.includes(topField(error.property)) && !explained.some((broken) => ruleOfError([broken.rule], error.schemaPath)),
  );
}

/**
 * Next is enabled once every required question of the page is answered, texts longer than the page asks. A yes/no
 * (a declaration to tick) does not hold Next back: pressing it says what is missing, so the applicant learns why.
 */
export function pageReady(page: FormPageSpec, schema: RJSFSchema, data: StepFormData): boolean {
  const required = schema.required ?? [];
  const isYesNo = (field: string) => (schema.properties?.[field] as RJSFSchema | undefined)?.type === 'boolean';
  return page.fields.every((field) => {
    const value = data[field];
    if (required.includes(field) && !isYesNo(field) && !isAnswered(value)) return false;
    return page.longerThan === undefined || typeof value !== 'string' || value.trim().length > page.longerThan;
  });
}

/**
 * Text answers on a page that keep its Next disabled by being too short (issue 20: 'Raj' with no reason shown),
 * as rjsf extra errors carrying the page's `tooShort` message. Empty answers are the schema's to explain.
 */
export function tooShortErrors(page: FormPageSpec, data: StepFormData): ErrorSchema | undefined {
  const { longerThan, tooShort } = page;
  if (longerThan === undefined || !tooShort) return undefined;
  const short = page.fields.filter((field) => {
    const value = data[field];
    return typeof value === 'string' && value.trim().length > 0 && value.trim().length <= longerThan;
  });
  if (short.length === 0) return undefined;
  const message = format(tooShort, { count: longerThan });
  return Object.fromEntries(short.map((field) => [field, { __errors: [message] }])) as ErrorSchema;
}

/** Answers without those the schema refuses (a rule broken by two answers keeps both: the form explains it). */
export function acceptedAnswers(data: StepFormData, errors: readonly RJSFValidationError[], rules: readonly SchemaRule[]): StepFormData {
  const refused = new Set(errors.filter((error) => !ruleOfError(rules, error.schemaPath)).map((error) => topField(error.property)));
  return Object.fromEntries(Object.entries(data).filter(([field]) => !refused.has(field)));
}

/**
 * Answers a paged form starts from (given, or restored from storage): only the fields its pages ask, options in
 * the schema's spelling, refused answers dropped, the schema's defaults filled in (segments EQ; a declaration is never filled in).
 */
export function startingAnswers(data: StepFormData, schema: RJSFSchema, validator: StepValidatorType, fields: readonly string[]): StepFormData {
  const fitted = fitToSchema(data, schema, fields);
  const kept = acceptedAnswers(fitted, answerErrors(fitted, schema, validator), schemaRules(schema));
  return getDefaultFormState(validator, schema, kept, schema, false, defaultsBehaviour) as StepFormData;
}

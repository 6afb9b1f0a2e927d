import type { ChoiceStep, NamesStep, QuestionStep, SegmentRule, SegmentsStep } from './options';

/** Pure rules of the personal-details questions: no React, so they are tested as tables. */

export type Answer = string | string[] | boolean;
export type Answers = Record<string, Answer>;

/** The part of a JSON Schema these rules read. */
export interface FieldSchema {
  enum?: unknown[];
  oneOf?: { const?: unknown }[];
  maxLength?: number;
  items?: FieldSchema;
}
export interface ObjectSchema {
  properties?: Record<string, FieldSchema | boolean>;
}

export function fieldSchema(schema: ObjectSchema, field: string): FieldSchema {
  const found = schema.properties?.[field];
  return typeof found === 'object' ? found : {};
}

/** The allowed values of `field` (for arrays, of its items), as the step-data schema lists them. */
export function schemaEnum(schema: ObjectSchema, field: string): string[] {
  const own = fieldSchema(schema, field);
  const listed = (node?: FieldSchema) => node?.enum ?? node?.oneOf?.map((option) => option.const);
  const values = listed(own) ?? listed(own.items) ?? [];
  return values.filter((value): value is string => typeof value === 'string');
}

export interface ChoiceOption {
  value: string;
  label: string;
}

/** A choice step's options: the schema's enum, reversed when configured, with optional display labels. */
export function choiceOptions(step: ChoiceStep, schema: ObjectSchema): ChoiceOption[] {
  const values = schemaEnum(schema, step.field);
  const ordered = step.reverse ? [...values].reverse() : values;
  return ordered.map((value) => ({ value, label: step.optionLabels?.[value] ?? value }));
}

/** More than `over` options: the first `show`, unless expanded. A chosen option is never hidden. */
export function visibleOptions<T extends { value: string }>(
  options: T[],
  rule: { over: number; show: number },
  expanded: boolean,
  chosen?: string,
): { shown: T[]; hidden: number } {
  if (expanded || options.length <= rule.over) return { shown: options, hidden: 0 };
  const chosenIndex = options.findIndex((option) => option.value === chosen);
  const count = Math.max(rule.show, chosenIndex + 1);
  return { shown: options.slice(0, count), hidden: Math.max(0, options.length - count) };
}

/** Every field a step answers, in order. */
export function stepFields(step: QuestionStep): string[] {
  if (step.type === 'names') return step.fields.map((name) => name.field);
  if (step.type === 'segments') return step.declarations ? [step.field, step.declarations.field] : [step.field];
  return [step.field];
}

export function stepIndexOfField(steps: QuestionStep[], field: string): number {
  return steps.findIndex((step) => stepFields(step).includes(field));
}

/** Starting answers: the locked and preselected segments, and the declarations' default. */
export function initialAnswers(steps: QuestionStep[]): Answers {
  const answers: Answers = {};
  for (const step of steps) {
    if (step.type !== 'segments') continue;
    answers[step.field] = step.segments.filter((segment) => segment.locked || segment.selected).map((segment) => segment.value);
    if (step.declarations) answers[step.declarations.field] = step.declarations.default;
  }
  return answers;
}

export const textAnswer = (answers: Answers, field: string): string => {
  const value = answers[field];
  return typeof value === 'string' ? value : '';
};

export const listAnswer = (answers: Answers, field: string): string[] => {
  const value = answers[field];
  return Array.isArray(value) ? value : [];
};

/** Parents step: Next needs every name longer than the configured length (spaces at the ends do not count). */
export function namesReady(step: NamesStep, answers: Answers): boolean {
  return step.fields.every((name) => textAnswer(answers, name.field).trim().length > step.longerThan);
}

/** Locked segments stay; others toggle. */
export function toggleSegment(step: SegmentsStep, selected: string[], value: string): string[] {
  if (step.segments.some((segment) => segment.value === value && segment.locked)) return selected;
  if (selected.includes(value)) return selected.filter((item) => item !== value);
  const order = step.segments.map((segment) => segment.value);
  return order.filter((item) => item === value || selected.includes(item));
}

/** The first rule broken by the selected segments and the other answers (e.g. F&O with income below Rs 1 Lac). */
export function brokenRule(step: SegmentsStep, answers: Answers): SegmentRule | undefined {
  const selected = listAnswer(answers, step.field);
  return step.rules?.find((rule) => selected.includes(rule.segment) && rule.values.includes(textAnswer(answers, rule.field)));
}

/** The payload the step-data schema describes: every answered field, names trimmed. */
export function buildPayload(steps: QuestionStep[], answers: Answers): Record<string, Answer> {
  const payload: Record<string, Answer> = {};
  for (const step of steps) {
    for (const field of stepFields(step)) {
      const value = answers[field];
      if (value === undefined || value === '') continue;
      payload[field] = step.type === 'names' && typeof value === 'string' ? value.trim() : value;
    }
  }
  return payload;
}

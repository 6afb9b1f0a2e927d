import type { PersonalDetailsOptions, QuestionStep } from './options';
import { type ObjectSchema, schemaEnum, stepFields } from './questions';

/**
 * The meaning of personalDetails options, beyond their shape: every name must exist in the step-data schema
 * and the effect registry. Pure, so the screen, the config check and tests share it. Messages name the step.
 */
export function personalDetailsProblems(
  options: PersonalDetailsOptions,
  schemas: Readonly<Record<string, ObjectSchema>>,
  effects: readonly string[],
): string[] {
  const problems: string[] = [];
  if (!effects.includes(options.effect)) problems.push(`no effect '${options.effect}' (known: ${effects.join(', ')})`);
  const schema = schemas[options.schema];
  if (!schema) return [...problems, `no step schema '${options.schema}' in schemas/step-data`];
  const seen = new Set<string>();
  for (const step of options.steps) {
    if (seen.has(step.id)) problems.push(`step '${step.id}' is declared twice`);
    seen.add(step.id);
    problems.push(...stepProblems(step, options, schema).map((problem) => `step '${step.id}': ${problem}`));
  }
  return problems;
}

function stepProblems(step: QuestionStep, options: PersonalDetailsOptions, schema: ObjectSchema): string[] {
  const problems: string[] = [];
  const known = (field: string) => !!schema.properties?.[field];
  for (const field of stepFields(step)) {
    if (!known(field)) problems.push(`field '${field}' is not in schema '${options.schema}'`);
  }
  if (step.type === 'choice' && known(step.field) && schemaEnum(schema, step.field).length === 0) {
    problems.push(`field '${step.field}' has no enum of options in schema '${options.schema}'`);
  }
  if (step.type !== 'segments') return problems;
  const allowed = schemaEnum(schema, step.field);
  const values = step.segments.map((segment) => segment.value);
  for (const value of values) {
    if (!allowed.includes(value)) problems.push(`segment '${value}' is not in the enum of '${step.field}' (${allowed.join(', ')})`);
  }
  const answered = options.steps.flatMap(stepFields);
  for (const rule of step.rules ?? []) {
    if (!values.includes(rule.segment)) problems.push(`rule names segment '${rule.segment}', which is not listed`);
    if (!answered.includes(rule.field)) problems.push(`rule names field '${rule.field}', which no step asks`);
  }
  return problems;
}

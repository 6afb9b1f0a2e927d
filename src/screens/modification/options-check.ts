import type { PageConfig } from '../../engine/config-types';
import { personalDetailsProblems } from '../personal-details/options-check';
import { readPersonalDetailsOptions } from '../personal-details/options';
import { pageOptions } from '../personal-details/page-options';
import type { ObjectSchema } from '../personal-details/questions';
import { detailFields } from './detail-fields';
import type { ModificationOptions } from './options';

/** The meaning of modification options: the questions page exists and its fields are all in this payload's schema. */
export function modificationProblems(
  options: ModificationOptions,
  pages: Readonly<Record<string, PageConfig>>,
  schemas: Readonly<Record<string, ObjectSchema>>,
  effects: readonly string[],
): string[] {
  const problems: string[] = [];
  if (!effects.includes(options.effect)) problems.push(`no effect '${options.effect}' (known: ${effects.join(', ')})`);
  const schema = schemas[options.schema];
  if (!schema) problems.push(`no step schema '${options.schema}' in schemas/step-data`);
  const page = pages[options.questionsFrom];
  if (!page || !('screen' in page) || page.screen !== 'personalDetails') {
    return [...problems, `questionsFrom ${options.questionsFrom} is not a personalDetails page`];
  }
  let questions;
  try {
    questions = readPersonalDetailsOptions(pageOptions(page), `questionsFrom ${options.questionsFrom}`);
  } catch (error) {
    return [...problems, (error as Error).message];
  }
  const upstream = personalDetailsProblems(questions, schemas, effects);
  if (upstream.length > 0) return [...problems, ...upstream.map((problem) => `questionsFrom ${options.questionsFrom}: ${problem}`)];
  if (!schema) return problems;
  for (const { field } of detailFields(questions.steps, schemas[questions.schema]!, schema)) {
    if (!schema.properties?.[field]) problems.push(`field '${field}' of ${options.questionsFrom} is not in schema '${options.schema}'`);
  }
  return problems;
}

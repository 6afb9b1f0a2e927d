/** Rules on text answers that JSON Schema cannot state, as keywords of the step schemas (server/validation/rule-keywords.ts). */

/** Whether a text says something: spaces alone count as blank; the keyword x-notBlank (true: the rule applies). */
export function notBlank(text: unknown, applies: boolean): boolean {
  return !applies || typeof text !== 'string' || text.trim() !== '';
}

import { _, type Ajv, type Code, type CodeKeywordDefinition } from 'ajv';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ageBelow, atMostOne, dateWithin, sumEquals } from '../../core/engine/calendar-date.ts';

/**
 * Rules JSON Schema cannot state, as keywords of the step schemas, compiled into the server's validators and
 * into the browser's precompiled ones alike. Each calls a pure function of core/engine/calendar-date.ts: here by
 * reference, in standalone code through an import of that module (scripts/step-standalone.ts hoists it).
 */
// Not `new URL(.., import.meta.url)`: Vite rewrites that pattern into an asset URL in dom tests.
const rulesModule = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'core', 'engine', 'calendar-date.ts');

type Rule = (...args: never[]) => boolean;

/** `standalone`: how generated code reaches the same function (a require that the build turns into an import). */
function keyword(name: string, type: 'string' | 'array', schemaType: 'number' | 'object' | 'string', fn: Rule, standalone: Code): CodeKeywordDefinition {
  return {
    keyword: name,
    type,
    schemaType,
    code(cxt) {
      const rule = cxt.gen.scopeValue('func', { ref: fn, code: standalone });
      cxt.fail(_`!${rule}(${cxt.data}, ${cxt.schemaValue})`);
    },
  };
}

export const ruleKeywords: readonly CodeKeywordDefinition[] = [
  // "x-dateWithin": { "min": "01/01/1900", "max": "today" } on a DD/MM/YYYY text.
  keyword('x-dateWithin', 'string', 'object', dateWithin, _`require(${rulesModule}).dateWithin`),
  // "x-ageBelow": 18: a birth date of someone younger than that (used in an if, to ask for a guardian).
  keyword('x-ageBelow', 'string', 'number', ageBelow, _`require(${rulesModule}).ageBelow`),
  // "x-sumEquals": { "field": "sharePercentage", "total": 100 } on an array of objects.
  keyword('x-sumEquals', 'array', 'object', sumEquals, _`require(${rulesModule}).sumEquals`),
  // "x-atMostOne": "mayOperateAccount": at most one item of an array of objects has that field true.
  keyword('x-atMostOne', 'array', 'string', atMostOne, _`require(${rulesModule}).atMostOne`),
];

export function addRuleKeywords(ajv: Ajv): void {
  for (const definition of ruleKeywords) ajv.addKeyword(definition);
}

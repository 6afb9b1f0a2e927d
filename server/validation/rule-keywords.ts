import { _, type Ajv, type Code, type CodeKeywordDefinition } from 'ajv';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ageBelow, atMostOne, dateWithin, sumEquals } from '../../core/engine/calendar-date.ts';
import { notBlank } from '../../core/engine/text-rules.ts';

/**
 * Rules JSON Schema cannot state, as keywords of the step schemas, compiled into the server's validators and
 * into the browser's precompiled ones alike. Each calls a pure function of core/engine/: here by reference, in
 * standalone code through an import of that module (scripts/step-standalone.ts hoists it). The check of the config
 * (validation/keyword-checks.ts) knows each of them, and refuses one used without its message.
 */
// Not `new URL(.., import.meta.url)`: Vite rewrites that pattern into an asset URL in dom tests.
const engine = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'core', 'engine');
const calendarModule = join(engine, 'calendar-date.ts');
const textModule = join(engine, 'text-rules.ts');

/** A rule: the answer, the keyword's value and, for rules about dates, today as milliseconds since the epoch. */
type Rule = (data: never, value: never, nowMs?: number) => boolean;

/** The keywords of our rules and the type of answer each applies to. */
export const ruleKeywordTypes = {
  'x-dateWithin': 'string',
  'x-ageBelow': 'string',
  'x-sumEquals': 'array',
  'x-notBlank': 'string',
  'x-atMostOne': 'array',
} as const;

export type RuleKeyword = keyof typeof ruleKeywordTypes;

/**
 * Today for the date rules: the server's clock (tests move it); or 'per-call', a clock each call brings as
 * `validate.call({ now }, data)` (ajv's passContext), so one compiled validator serves apps with different clocks.
 * Left out: the device's clock, as the browser's code reads it.
 */
export type RuleClock = (() => number) | 'per-call';

/** What a 'per-call' validator is called with. */
export interface RuleCallContext {
  now: () => number;
}

/** `standalone`: how generated code reaches the same function (a require that the build turns into an import). */
function keyword(name: RuleKeyword, schemaType: 'number' | 'object' | 'boolean' | 'string', fn: Rule, standalone: Code, now?: RuleClock): CodeKeywordDefinition {
  const ref: Rule =
    now === 'per-call'
      ? function (this: RuleCallContext | undefined, data, value) {
          return fn(data, value, this?.now());
        }
      : now
        ? (data, value) => fn(data, value, now())
        : fn;
  return {
    keyword: name,
    type: ruleKeywordTypes[name],
    schemaType,
    code(cxt) {
      const rule = cxt.gen.scopeValue('func', { ref, code: standalone });
      cxt.fail(now === 'per-call' ? _`!${rule}.call(this, ${cxt.data}, ${cxt.schemaValue})` : _`!${rule}(${cxt.data}, ${cxt.schemaValue})`);
    },
  };
}

export function ruleKeywords(now?: RuleClock): CodeKeywordDefinition[] {
  return [
    // "x-dateWithin": { "min": "01/01/1900", "max": "today" } on a DD/MM/YYYY text.
    keyword('x-dateWithin', 'object', dateWithin, _`require(${calendarModule}).dateWithin`, now),
    // "x-ageBelow": 18: a birth date of someone younger than that (used in an if, to ask for a guardian).
    keyword('x-ageBelow', 'number', ageBelow, _`require(${calendarModule}).ageBelow`, now),
    // "x-sumEquals": { "field": "sharePercentage", "total": 100 } on an array of objects.
    keyword('x-sumEquals', 'object', sumEquals, _`require(${calendarModule}).sumEquals`),
    // "x-notBlank": true: a text of spaces alone counts as not given.
    keyword('x-notBlank', 'boolean', notBlank, _`require(${textModule}).notBlank`),
    // "x-atMostOne": "mayOperateAccount": at most one item of an array of objects has that field true.
    keyword('x-atMostOne', 'string', atMostOne, _`require(${calendarModule}).atMostOne`),
  ];
}

export function addRuleKeywords(ajv: Ajv, now?: RuleClock): void {
  for (const definition of ruleKeywords(now)) ajv.addKeyword(definition);
}

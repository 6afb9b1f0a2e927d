import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { schemaKeywordProblems } from '../../server/validation/keyword-checks';
import { configProblems, copyConfig } from '../fixtures/config-edits';

/**
 * check:config on our keywords in the step schemas (x-notBlank, x-dateWithin, x-consent...): a typo would be ignored by
 * the validators and its rule silently not applied, and a rule without its message would answer in ajv's words.
 */

const label = 'schemas/step-data/x.schema.json';
const problemsOf = (properties: Record<string, unknown>) => schemaKeywordProblems([{ label, raw: { type: 'object', properties } }]);
const named = { type: 'string', 'x-notBlank': true, errorMessage: { 'x-notBlank': 'Name is required' } };

describe('check:config on the keywords of step schemas', () => {
  it.each<[string, Record<string, unknown>]>([
    ['a text that must not be blank, with its message', { name: named }],
    ['a date range, with the field\'s one message', { born: { type: 'string', 'x-dateWithin': { min: '01/01/1900', max: 'today' }, errorMessage: 'Enter a date' } }],
    ['a declaration kept off the user record', { agreed: { type: 'boolean', 'x-consent': true, 'x-onUser': false, errorMessage: 'Tick it' } }],
    ['an age rule inside an if (it chooses a branch; no message)', { born: { type: 'string' }, then: {}, if: { properties: { born: { 'x-ageBelow': 18 } } } }],
  ])('accepts %s', (_name, properties) => {
    expect(problemsOf(properties)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['a misspelt keyword', { name: { type: 'string', 'x-notblank': true } }, `${label}: properties.name.x-notblank: unknown keyword (known: x-ageBelow, x-atMostOne, x-consent, x-dateWithin, x-notBlank, x-onUser, x-sumEquals, x-transform, x-upload)`],
    ['a rule without its message', { name: { type: 'string', 'x-notBlank': true, errorMessage: { minLength: 'Name is required' } } }, `${label}: properties.name.x-notBlank: needs its message, as "errorMessage": "<text>" or "errorMessage": { "x-notBlank": "<text>" }`],
    ['x-notBlank that is not true', { name: { ...named, 'x-notBlank': 'yes' } }, `${label}: properties.name.x-notBlank must be true`],
    ['a date bound that is no date', { born: { type: 'string', 'x-dateWithin': { min: '31/02/1990' }, errorMessage: 'Enter a date' } }, `${label}: properties.born.x-dateWithin must be { "min", "max" }, each a DD/MM/YYYY date or "today"`],
    ['a text rule on a number', { age: { type: 'number', 'x-notBlank': true, errorMessage: 'Say it' } }, `${label}: properties.age.x-notBlank: applies to a "string" field, not "number"`],
    ['a consent that is not true', { agreed: { type: 'boolean', 'x-consent': 'yes' } }, `${label}: properties.agreed.x-consent must be true (the field is the applicant's own declaration)`],
  ])('refuses %s, naming file and JSON path', (_name, properties, problem) => {
    expect(problemsOf(properties)).toEqual([problem]);
  });
});

describe('on the shipped config', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it("names a misspelt x-notBlank on the parents' names in personal details, which the check would otherwise let through", () => {
    const copy = copyConfig();
    roots.push(copy.root);
    const file = join(copy.stepSchemasDir, 'personal-details.schema.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"x-notBlank": true', '"x-notBlnak": true'));
    expect(configProblems(copy)).toEqual([expect.stringMatching(/^schemas\/step-data\/personal-details\.schema\.json: properties\.fatherName\.x-notBlnak: unknown keyword/)]);
  });
});

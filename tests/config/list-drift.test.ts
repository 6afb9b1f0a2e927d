import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config/load-config';
import { loadStepSchemas } from '../../server/validation/step-schemas';
import { allowedValues } from '../../src/engine/schema-options';
import { tempStepSchemas } from '../server/step-fixtures';

/** Lists written once: a copy, a rule naming a value the list lacks, or a reference to nothing fails check:config. */

type Json = Record<string, any>; // test edits of free-form JSON files
const made: string[] = [];
function schemasWith(edit: (schemas: Json) => void, editLists: (lists: Json) => void = () => {}): string {
  const dir = tempStepSchemas(edit as never, editLists as never);
  made.push(dirname(dir));
  return dir;
}
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function problemsOf(stepSchemasDir: string): string[] {
  try {
    loadConfig(undefined, { stepSchemasDir });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const personal = 'schemas/step-data/personal-details.schema.json';

describe('lists written once', () => {
  it('the repository passes', () => {
    expect(problemsOf(tempStepSchemas(() => {}))).toEqual([]);
  });

  it('refuses an option list copied into one schema (Homemaker added there only), naming file and path', () => {
    const dir = schemasWith((s) => {
      s['personal-details'].properties.occupation = { type: 'string', enum: ['Private Sector', 'Homemaker'], errorMessage: 'Occupation is required' };
    });
    expect(problemsOf(dir)).toContain(
      `${personal}: properties.occupation.enum is an inline list of options; options live once in schemas/lists/ and are referenced with "$ref"`,
    );
  });

  it('refuses an F&O threshold that is not an income option, naming file and path', () => {
    const dir = schemasWith((s) => {
      s['personal-details'].allOf[0].if.properties.incomeSegment.const = 'Below Rs 2 Lac';
    });
    expect(problemsOf(dir)).toContainEqual(
      expect.stringContaining(`${personal}: allOf.0.if.properties.incomeSegment.const names "Below Rs 2 Lac", which is not an option of 'incomeSegment'`),
    );
  });

  it('refuses a rule naming a segment the list lacks', () => {
    const dir = schemasWith((s) => {
      s['personal-details'].allOf[0].then.properties.segments.not.contains.const = 'F&O';
    });
    expect(problemsOf(dir)).toContainEqual(expect.stringContaining(`${personal}: allOf.0.then.properties.segments.not.contains.const names "F&O"`));
  });

  it('names the file and path of a reference to a missing list', () => {
    const dir = schemasWith((s) => {
      s['personal-details'].properties.gender.$ref = '../lists/genders.json';
    });
    expect(problemsOf(dir).join('\n')).toMatch(/personal-details\.schema\.json: properties\.gender: \$ref "\.\.\/lists\/genders\.json" cannot be read/);
  });

  it('an option added once to its list reaches personal details and modification (lowercase there)', () => {
    const dir = schemasWith(
      () => {},
      (lists) => lists.gender.enum.push('Transgender'),
    );
    const byId = Object.fromEntries(loadStepSchemas(dir).map(({ id, schema }) => [id, schema as Json]));
    expect(allowedValues(byId['personal-details']!.properties.gender)).toEqual(['Male', 'Female', 'Others', 'Transgender']);
    expect(byId['modification-details']!.properties.gender.oneOf).toContainEqual({ const: 'transgender', title: 'Transgender' });
  });
});

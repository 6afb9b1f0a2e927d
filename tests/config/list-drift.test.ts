import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { configProblems } from '../fixtures/flow-config';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStepSchemas } from '../../server/validation/step-schemas';
import { allowedValues } from '../../core/engine/schema-options';
import { schemaMessage } from '../fixtures/schema-texts';
import { tempStepSchemas } from '../server/step-fixtures';

/**
 * Lists and messages written once: a copy (in a schema, in a second list file, a message written for two fields or
 * in two files), a rule naming a value the list lacks, or a reference to nothing fails check:config.
 */

type Json = Record<string, any>; // test edits of free-form JSON files
const made: string[] = [];
function schemasWith(edit: (schemas: Json) => void, editLists: (lists: Json) => void = () => {}): string {
  const dir = tempStepSchemas(edit as never, editLists as never);
  made.push(dirname(dir));
  return dir;
}
afterEach(() => made.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const problemsOf = (stepSchemasDir: string) => configProblems(undefined, { stepSchemasDir });

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

  it('refuses a second list file offering the same options', () => {
    const dir = schemasWith(() => {});
    const lists = join(dir, '..', 'lists');
    writeFileSync(join(lists, 'sexes.json'), readFileSync(join(lists, 'gender.json')));
    expect(problemsOf(dir)).toContain('schemas/lists/sexes.json: offers the same options as schemas/lists/gender.json; a list lives in one file, referenced with "$ref"');
  });

  it('an option added once to its list reaches personal details and modification (lowercase there)', () => {
    let genders: string[] = [];
    const dir = schemasWith(
      () => {},
      (lists) => {
        genders = [...lists.gender.enum, 'Transgender'];
        lists.gender.enum = genders;
      },
    );
    const byId = Object.fromEntries(loadStepSchemas(dir).map(({ id, schema }) => [id, schema as Json]));
    expect(allowedValues(byId['personal-details']!.properties.gender)).toEqual(genders);
    expect(byId['modification-details']!.properties.gender.oneOf).toContainEqual({ const: 'transgender', title: 'Transgender' });
  });
});

const modification = 'schemas/step-data/modification-details.schema.json';
const nominee = 'schemas/step-data/nominee.schema.json';

describe('messages written once', () => {
  it("refuses modification's own copy of personal details' messages, naming both files and paths", () => {
    const dir = schemasWith((s) => {
      s['modification-details'].errorMessage = { required: { gender: s['personal-details'].errorMessage.required.gender } };
    });
    const text = JSON.stringify(schemaMessage('personal-details', 'gender', 'required'));
    expect(problemsOf(dir)).toContain(
      `${modification}: errorMessage.required.gender repeats ${text} of ${personal}: properties.gender.errorMessage; ` +
        'write a text once and refer to it with "$ref": "personal-details.schema.json#/properties/gender/errorMessage"',
    );
  });

  it('refuses a text written for a second field of the same file', () => {
    const dir = schemasWith((s) => {
      const fields = s.nominee.definitions.nominee.properties;
      fields.lastName = { ...fields.firstName, title: 'Last Name' };
    });
    expect(problemsOf(dir)).toContainEqual(
      expect.stringMatching(/^schemas\/step-data\/nominee\.schema\.json: definitions\.nominee\.properties\.lastName\.errorMessage repeats .* of schemas\/step-data\/nominee\.schema\.json: definitions\.nominee\.properties\.firstName\.errorMessage; write a text once and refer to it with "\$ref": "#\/definitions\/nominee\/properties\/firstName\/errorMessage"$/),
    );
  });

  it('a text referred to by $ref is that text; a $ref to a text takes no other keys', () => {
    const byId = Object.fromEntries(loadStepSchemas().map(({ id, schema }) => [id, schema as Json]));
    const fields = byId.nominee!.definitions.nominee.properties;
    expect(fields.lastName.errorMessage).toBe(fields.firstName.errorMessage);
    const dir = schemasWith((s) => {
      s.nominee.definitions.nominee.properties.line2.errorMessage = { $ref: '#/definitions/nominee/properties/line1/errorMessage/maxLength', extra: 1 };
    });
    expect(problemsOf(dir).join('\n')).toContain(
      `${nominee}: definitions.nominee.properties.line2.errorMessage: $ref "#/definitions/nominee/properties/line1/errorMessage/maxLength" names a text, which takes no other keys (found extra)`,
    );
  });
});

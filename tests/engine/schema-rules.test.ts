import { describe, expect, it } from 'vitest';
import { ruleOfError, schemaRules, withoutForbidden } from '../../core/engine/schema-rules';

const fno = {
  if: { required: ['incomeSegment', 'segments'], properties: { incomeSegment: { const: 'Below Rs 1 Lac' }, segments: { contains: { const: 'FNO' } } } },
  then: { properties: { segments: { not: { contains: { const: 'FNO' } }, errorMessage: 'F&O trading needs an annual income above Rs 1 Lac' } } },
};

describe('conditional rules read from a step schema', () => {
  it('reads a root if/then: the field it constrains, the fields it looks at, the values it forbids', () => {
    expect(schemaRules(fno)).toEqual([
      { field: 'segments', conditionFields: ['incomeSegment'], forbidden: ['FNO'], path: '#/then/properties/segments' },
    ]);
  });

  it.each([
    ['not const', { not: { const: 'x' } }, ['x']],
    ['not enum', { not: { enum: ['x', 'y'] } }, ['x', 'y']],
    ['not contains enum', { not: { contains: { enum: ['x'] } } }, ['x']],
    ['a shape it does not read', { maxItems: 2 }, []],
  ])('a branch with %s forbids %j', (_name, branch, forbidden) => {
    const schema = { allOf: [{ if: { properties: { a: { const: 1 } } }, else: { properties: { b: branch } } }] };
    expect(schemaRules(schema)).toEqual([{ field: 'b', conditionFields: ['a'], forbidden, path: '#/allOf/0/else/properties/b' }]);
  });

  it("finds the rule behind an error by the error's schemaPath", () => {
    const rules = schemaRules(fno);
    expect(ruleOfError(rules, '#/then/properties/segments/errorMessage')?.field).toBe('segments');
    expect(ruleOfError(rules, '#/properties/segments/contains')).toBeUndefined();
    expect(ruleOfError(rules, undefined)).toBeUndefined();
  });

  it.each([
    [['EQ', 'FNO'], ['FNO'], ['EQ']],
    ['FNO', ['FNO'], undefined],
    ['EQ', ['FNO'], 'EQ'],
  ])('%j without %j is %j', (value, forbidden, expected) => {
    expect(withoutForbidden(value, forbidden)).toEqual(expected);
  });
});

/**
 * The conditional rules of a step-data schema (`if`/`then`/`else`, at the root or in `allOf`), read so that a
 * form can explain a broken one and offer a way out, while the rule's values stay written only in the schema.
 * Pure: the renderer and npm run check:config share it.
 */

type Json = Readonly<Record<string, unknown>>;

export interface SchemaRule {
  /** The field a branch constrains. */
  field: string;
  /** Other fields the rule's `if` looks at: the answers that, changed, may satisfy it. */
  conditionFields: string[];
  /** Values of `field` the branch forbids; empty when its shape is not one this reads. */
  forbidden: unknown[];
  /** The branch's schema path, as ajv reports it in an error's schemaPath: '#/then/properties/segments'. */
  path: string;
}

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `not: {contains: {const}}` (an array must not hold a value) or `not: {const}` / `not: {enum}`. */
function forbiddenValues(field: Json): unknown[] {
  const not = isJson(field.not) ? field.not : undefined;
  const target = not && isJson(not.contains) ? not.contains : not;
  if (!target) return [];
  if ('const' in target) return [target.const];
  return Array.isArray(target.enum) ? [...target.enum] : [];
}

function rulesAt(container: Json, path: string): SchemaRule[] {
  const condition = isJson(container.if) && isJson(container.if.properties) ? Object.keys(container.if.properties) : [];
  return (['then', 'else'] as const).flatMap((branch) => {
    const node = container[branch];
    const properties = isJson(node) && isJson(node.properties) ? node.properties : {};
    return Object.entries(properties).flatMap(([field, schema]) =>
      isJson(schema)
        ? [{ field, conditionFields: condition.filter((name) => name !== field), forbidden: forbiddenValues(schema), path: `${path}/${branch}/properties/${field}` }]
        : [],
    );
  });
}

export function schemaRules(schema: unknown): SchemaRule[] {
  if (!isJson(schema)) return [];
  const members = Array.isArray(schema.allOf) ? schema.allOf : [];
  return [...rulesAt(schema, '#'), ...members.flatMap((member, index) => (isJson(member) ? rulesAt(member, `#/allOf/${index}`) : []))];
}

/** The rule whose branch produced an error, from the error's schemaPath. */
export function ruleOfError(rules: readonly SchemaRule[], schemaPath: string | undefined): SchemaRule | undefined {
  return schemaPath ? rules.find((rule) => schemaPath === rule.path || schemaPath.startsWith(`${rule.path}/`)) : undefined;
}

/** The answer without what the rule forbids: forbidden items leave a list; a forbidden single answer is cleared. */
export function withoutForbidden(value: unknown, forbidden: readonly unknown[]): unknown {
  if (Array.isArray(value)) return value.filter((item) => !forbidden.includes(item));
  return forbidden.includes(value) ? undefined : value;
}

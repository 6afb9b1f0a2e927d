/**
 * Fields a schema asks for only under a condition: declared among its `properties` (so `additionalProperties:
 * false` allows them) but required only by the `then` of an `if` (at the root or in `allOf`). A form shows such a
 * field only while the condition holds (or, for an `else`, while it does not), which the form decides with its own validator (so custom keywords such
 * as x-ageBelow count); nothing here knows which fields or which rules a step has. Pure.
 */

type Json = Readonly<Record<string, unknown>>;

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const names = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function conditionalIn(container: Json): string[] {
  if (!isJson(container.if)) return [];
  const branches = [container.then, container.else].filter(isJson);
  return branches.flatMap((branch) => names(branch.required));
}

/** Fields of `schema` that only an if/then/else requires (the guardian of a minor, an adult's own mobile, the reason of a 'yes'). */
export function conditionalFields(schema: unknown): string[] {
  if (!isJson(schema)) return [];
  const always = new Set(names(schema.required));
  const members = Array.isArray(schema.allOf) ? schema.allOf.filter(isJson) : [];
  const found = [schema, ...members].flatMap(conditionalIn).filter((field) => !always.has(field));
  const declared = isJson(schema.properties) ? schema.properties : {};
  return [...new Set(found)].filter((field) => field in declared);
}

/** The schema as written (conditions unresolved; refs are inlined at load) at a form path: names and indexes. */
export function schemaAtPath(root: unknown, path: readonly (string | number)[]): Json | undefined {
  let node: Json | undefined = isJson(root) ? root : undefined;
  for (const key of path) {
    if (!node) return undefined;
    const next: unknown = typeof key === 'number' ? node.items : isJson(node.properties) ? node.properties[key] : undefined;
    node = isJson(next) ? next : undefined;
  }
  return node;
}

/**
 * Conditional fields to hide: those the resolved schema (conditions applied to the current answers) does not
 * require. A field with errors stays visible, so an answer left from before can always be seen and fixed.
 */
export function hiddenConditionalFields(raw: unknown, resolvedRequired: readonly string[], withErrors: readonly string[] = []): string[] {
  return conditionalFields(raw).filter((field) => !resolvedRequired.includes(field) && !withErrors.includes(field));
}

/** Pure: the options a JSON Schema property allows, however the list is written. */

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The values a (resolved) property allows: its enum or oneOf/anyOf consts, or its items' for an array. */
export function allowedValues(schema: unknown): unknown[] | undefined {
  if (!isObject(schema)) return undefined;
  if (Array.isArray(schema.enum)) return schema.enum;
  const options = (Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : undefined)?.filter(isObject);
  if (options?.length && options.every((option) => 'const' in option)) return options.map((option) => option.const);
  return schema.type === 'array' ? allowedValues(schema.items) : undefined;
}

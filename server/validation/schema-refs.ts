import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

/**
 * `$ref` to another file (`"$ref": "../lists/gender.json"`), inlined when a schema is loaded, so the browser
 * form, rjsf and ajv all see one self-contained schema while each list is written once. Siblings of the
 * `$ref` (title, errorMessage) win over the target's keys; `"x-transform"` rewrites the target's values.
 * Refs inside a document (`#/definitions/x`) are inlined the same way. `{"$setting": "maxNominees"}` stands for that
 * setting of flow.json (`settings`), so a limit a schema enforces is written once, in config. A `$ref` alone may also
 * name a text (a message written once elsewhere: `{ "$ref": "income-proof.schema.json#/errorMessage/required/proof_of_income" }`).
 */

type Json = unknown;
type JsonObject = Record<string, Json>;

/** The one place a transform of option values is defined; schemas name it in "x-transform". */
export const valueTransforms: Readonly<Record<string, (value: string) => string>> = {
  lowercase: (value) => value.toLowerCase(),
};

export class SchemaRefError extends Error {}

const isObject = (value: Json): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** JSON path as editors read it: properties.gender.items. */
export const pathText = (path: readonly string[]): string => (path.length ? path.join('.') : '(top level)');

function readJsonFile(file: string, cache: Map<string, Json>): Json {
  const cached = cache.get(file);
  if (cached !== undefined) return cached;
  const parsed: Json = JSON.parse(readFileSync(file, 'utf8'));
  cache.set(file, parsed);
  return parsed;
}

function follow(document: Json, pointer: string): Json {
  let node = document;
  for (const part of pointer.split('/').filter(Boolean)) {
    const key = part.replaceAll('~1', '/').replaceAll('~0', '~');
    node = isObject(node) ? node[key] : Array.isArray(node) ? node[Number(key)] : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

/** An option's label: the list's `x-labels` (another language's, core/engine/translations.ts) or the value itself. */
function labelOf(list: JsonObject, value: Json): Json {
  const labels = list['x-labels'];
  return isObject(labels) && typeof labels[String(value)] === 'string' ? labels[String(value)] : value;
}

/** A list's values turned by a named transform: `enum` becomes `oneOf` consts that keep the original as title. */
function transformValues(target: JsonObject, name: Json, where: string): JsonObject {
  const transform = typeof name === 'string' ? valueTransforms[name] : undefined;
  if (!transform) throw new SchemaRefError(`${where}: unknown x-transform ${JSON.stringify(name)} (known: ${Object.keys(valueTransforms).join(', ')})`);
  const { enum: values, oneOf, 'x-labels': _labels, ...rest } = target;
  const options = Array.isArray(values)
    ? values.map((value) => ({ const: value, title: labelOf(target, value) }))
    : Array.isArray(oneOf)
      ? oneOf.filter(isObject)
      : undefined;
  if (!options) throw new SchemaRefError(`${where}: x-transform needs a list of options (enum or oneOf)`);
  const turned = options.map((option) => ({ ...option, const: typeof option.const === 'string' ? transform(option.const) : option.const }));
  return { ...rest, oneOf: turned };
}

/** Values `{"$setting": name}` stands for; every other name is an error naming the file and path. */
export type SchemaSettings = Readonly<Record<string, unknown>>;

/** A `$ref` to a text stands for that text, so it takes no keys beside the `$ref`. */
function textOf(text: string, node: JsonObject, where: string): string {
  const others = Object.keys(node).filter((key) => key !== '$ref');
  if (others.length > 0) throw new SchemaRefError(`${where}: $ref "${String(node.$ref)}" names a text, which takes no other keys (found ${others.join(', ')})`);
  return text;
}

interface InlineContext {
  root: string;
  settings: SchemaSettings;
  /** The parsed file being inlined, for its own `#/definitions/...` refs. */
  document: Json;
  cache: Map<string, Json>;
  depth: number;
}

function inlineNode(node: Json, file: string, path: string[], ctx: InlineContext): Json {
  if (Array.isArray(node)) return node.map((item, index) => inlineNode(item, file, [...path, String(index)], ctx));
  if (!isObject(node)) return node;
  const where = `${relative(ctx.root, file)}: ${pathText(path)}`;
  if ('$setting' in node) return settingValue(node, where, ctx.settings);
  const { $ref: ref, 'x-transform': transform, ...siblings } = node;
  let base: JsonObject = {};
  if (typeof ref === 'string' && !ref.startsWith('#')) {
    if (ctx.depth > 20) throw new SchemaRefError(`${where}: $ref ${ref} nests too deep (a cycle?)`);
    const [filePart = '', pointer = ''] = ref.split('#');
    const target = resolve(dirname(file), filePart);
    let document: Json;
    try {
      document = readJsonFile(target, ctx.cache);
    } catch (error) {
      throw new SchemaRefError(`${where}: $ref "${ref}" cannot be read (${(error as Error).message})`);
    }
    const found = follow(document, pointer);
    if (typeof found === 'string') return textOf(found, node, where);
    if (!isObject(found)) throw new SchemaRefError(`${where}: $ref "${ref}" points at nothing`);
    const at = pointer.split('/').filter(Boolean);
    const inlined = inlineNode(found, target, at, { ...ctx, document, depth: ctx.depth + 1 });
    base = { ...(inlined as JsonObject) };
    delete base.$comment;
  } else if (typeof ref === 'string') {
    // A ref within the file: inlined too, so a sibling errorMessage words its errors (ajv-errors skips $ref's).
    if (ctx.depth > 20) throw new SchemaRefError(`${where}: $ref ${ref} nests too deep (a cycle?)`);
    const found = follow(ctx.document, ref.slice(1));
    if (typeof found === 'string') return textOf(found, node, where);
    if (!isObject(found)) throw new SchemaRefError(`${where}: $ref "${ref}" points at nothing`);
    base = { ...(inlineNode(found, file, ref.slice(1).split('/').filter(Boolean), { ...ctx, depth: ctx.depth + 1 }) as JsonObject) };
  }
  const own = Object.fromEntries(Object.entries(siblings).map(([key, value]) => [key, inlineNode(value, file, [...path, key], ctx)]));
  const merged = { ...base, ...own };
  return transform === undefined ? merged : transformValues(merged, transform, where);
}

function settingValue(node: JsonObject, where: string, settings: SchemaSettings): Json {
  const name = node.$setting;
  if (Object.keys(node).length !== 1) throw new SchemaRefError(`${where}: "$setting" stands alone for a value; move the other keys out`);
  if (typeof name !== 'string' || !Object.hasOwn(settings, name)) {
    throw new SchemaRefError(`${where}: unknown setting ${JSON.stringify(name)} (known: ${Object.keys(settings).join(', ')}, in flow-config/flow.json "settings")`);
  }
  return settings[name];
}

/** The schema in `file` with every cross-file `$ref` and `$setting` inlined; errors name the file and the JSON path. */
export function inlineSchemaRefs<T>(schema: T, file: string, root: string, settings: SchemaSettings, cache = new Map<string, Json>()): T {
  return inlineNode(schema, resolve(file), [], { root, settings, cache, document: schema, depth: 0 }) as T;
}

/** Whether a schema as written reads `name` through `{"$setting": name}` anywhere. */
export function readsSetting(schema: Json, name: string): boolean {
  if (Array.isArray(schema)) return schema.some((item) => readsSetting(item, name));
  if (!isObject(schema)) return false;
  return schema.$setting === name || Object.values(schema).some((value) => readsSetting(value, name));
}

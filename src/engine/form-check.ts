import type { FormPageConfig, FormSpec } from './config-types';
import { inlineLocalRefs } from './local-refs';
import { allowedValues } from './schema-options';

/** Pure checks of one form page of flow-config/pages. Messages name no file: callers add where it was found. */

export type JsonSchemaObject = Readonly<Record<string, unknown>>;

/** Checks `value` against `schema`, one message per problem ('clearable must be boolean'). Node passes ajv here. */
export type SchemaCheck = (schema: JsonSchemaObject, value: unknown) => string[];

/** What a form page may name: passed in, so this file needs neither React nor a schema compiler. */
export interface FormCatalog {
  effects: readonly string[];
  /** Step-data schemas that exist (and compile), by id. */
  schemas: Readonly<Record<string, JsonSchemaObject>>;
  /** Step-data schemas that exist but do not compile: id → the compiler's complaint. */
  brokenSchemas?: Readonly<Record<string, string>>;
  /** Registered widget names → the JSON Schema of their ui:options. */
  widgets: Readonly<Record<string, JsonSchemaObject>>;
  /** rjsf's own widget names that config may use too. */
  builtinWidgets: readonly string[];
  /** Without it (in the browser), option values are not checked. */
  check?: SchemaCheck;
}

/** Copy every form needs: the heading and the button label. */
const requiredCopy: Readonly<Record<string, string>> = { title: 'the heading', submit: 'the button label' };
const fieldCopy = /^(.+)\.(label|placeholder|help)$/;

interface UiNode {
  path: readonly string[];
  ui: Readonly<Record<string, unknown>>;
  /** The schema at this path; undefined where the uiSchema names a field the schema lacks. */
  schema: JsonSchemaObject | undefined;
}

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const at = (path: readonly string[]): string => (path.length ? path.join('.') : 'the form');

/** The sub-schema for `key`: a property (also inside allOf/anyOf/oneOf/then/else) or an array's items. */
function childSchema(schema: JsonSchemaObject | undefined, key: string): JsonSchemaObject | undefined {
  if (!schema) return undefined;
  if (key === 'items' && isObject(schema.items)) return schema.items;
  const properties = schema.properties;
  if (isObject(properties) && isObject(properties[key])) return properties[key];
  const branches = ['allOf', 'anyOf', 'oneOf'].flatMap((k) => (Array.isArray(schema[k]) ? (schema[k] as unknown[]) : []));
  for (const branch of [...branches, schema.then, schema.else]) {
    const found = isObject(branch) ? childSchema(branch, key) : undefined;
    if (found) return found;
  }
  return undefined;
}

function fieldNames(schema: JsonSchemaObject): string[] {
  return isObject(schema.properties) ? Object.keys(schema.properties) : [];
}

function* uiNodes(ui: unknown, schema: JsonSchemaObject | undefined, path: readonly string[] = []): Generator<UiNode> {
  if (!isObject(ui)) return;
  yield { path, ui, schema };
  for (const [key, child] of Object.entries(ui)) {
    if (!key.startsWith('ui:')) yield* uiNodes(child, schema && childSchema(schema, key), [...path, key]);
  }
}

/** Problems that leave a form page unusable; the page itself shows these at runtime instead of a blank card. */
export function formNameProblems(form: FormSpec, catalog: FormCatalog): string[] {
  const problems: string[] = [];
  const broken = catalog.brokenSchemas?.[form.schema];
  if (broken !== undefined) {
    problems.push(`schema '${form.schema}' (schemas/step-data/${form.schema}.schema.json) does not compile: ${broken}`);
  } else if (!Object.hasOwn(catalog.schemas, form.schema)) {
    const known = Object.keys(catalog.schemas).sort().join(', ');
    problems.push(`no schema '${form.schema}' in schemas/step-data (known: ${known})`);
  }
  for (const [where, effect] of [['', form.effect], ['skip ', form.skip?.effect]] as const) {
    if (effect !== undefined && !catalog.effects.includes(effect)) {
      problems.push(`no ${where}effect '${effect}' (known: ${catalog.effects.join(', ')})`);
    }
  }
  for (const { path, ui } of uiNodes(form.uiSchema, undefined)) {
    const widget = ui['ui:widget'];
    if (widget === undefined || catalog.builtinWidgets.includes(String(widget))) continue;
    if (typeof widget !== 'string') problems.push(`'ui:widget' at ${at(path)} must be a widget name`);
    else if (!Object.hasOwn(catalog.widgets, widget)) {
      problems.push(`no widget '${widget}' at ${at(path)} (known: ${Object.keys(catalog.widgets).join(', ')})`);
    }
  }
  return problems;
}

/** The rest: widget options, fields the uiSchema and copy name, option labels, required copy, routes. */
export function formDetailProblems(page: FormPageConfig, catalog: FormCatalog, routes: ReadonlySet<string>): string[] {
  const { form, copy } = page;
  const problems: string[] = [];
  const written = Object.hasOwn(catalog.schemas, form.schema) ? catalog.schemas[form.schema] : undefined;
  // uiSchema and copy name fields through local refs too (nominees.items → #/definitions/nominee).
  const schema = written && inlineLocalRefs(written);
  for (const { path, ui, schema: node } of uiNodes(form.uiSchema, schema)) {
    if (schema && !node) {
      const parent = childPath(schema, path.slice(0, -1));
      const fields = parent ? ` (fields: ${fieldNames(parent).join(', ')})` : '';
      problems.push(`uiSchema names field '${at(path)}', which schema '${form.schema}' does not have${fields}`);
      continue;
    }
    problems.push(...widgetOptionProblems(path, ui, catalog));
    if (node) problems.push(...enumNameProblems(path, ui, node));
  }
  for (const key of Object.keys(copy)) {
    const field = fieldCopy.exec(key)?.[1];
    if (schema && field && !childPath(schema, field.split('.'))) {
      problems.push(`copy '${key}' names field '${field}', which schema '${form.schema}' does not have`);
    }
  }
  const needed = {
    ...requiredCopy,
    ...(form.back ? { back: 'the back action label' } : {}),
    ...(form.skip ? { skip: 'the skip action label', skipped: 'the toast after skipping' } : {}),
  };
  for (const [key, what] of Object.entries(needed)) {
    if (!copy[key]) problems.push(`copy has no '${key}' (${what})`);
  }
  for (const [name, route] of [['next', form.next], ['back', form.back], ['skip next', form.skip?.next]] as const) {
    if (route && route !== 'continue' && !routes.has(route)) {
      problems.push(`${name} route ${route} is not a route of any step in flow-config/flow.json`);
    }
  }
  return problems;
}

function childPath(schema: JsonSchemaObject, path: readonly string[]): JsonSchemaObject | undefined {
  return path.reduce<JsonSchemaObject | undefined>((node, key) => childSchema(node, key), schema);
}

function widgetOptionProblems(path: readonly string[], ui: UiNode['ui'], catalog: FormCatalog): string[] {
  const widget = ui['ui:widget'];
  if (typeof widget !== 'string' || !catalog.check || !Object.hasOwn(catalog.widgets, widget)) return [];
  const optionsSchema = catalog.widgets[widget] ?? {};
  return catalog.check(optionsSchema, ui['ui:options'] ?? {}).map((m) => `'ui:options' of widget '${widget}' at ${at(path)}: ${m}`);
}

/** Option labels (rjsf's 'ui:enumNames' map) must name options the schema has, so a relabel cannot miss. */
function enumNameProblems(path: readonly string[], ui: UiNode['ui'], node: JsonSchemaObject): string[] {
  const names = ui['ui:enumNames'];
  const options = (allowedValues(node) ?? []).map(String);
  if (!isObject(names)) return [];
  return Object.keys(names)
    .filter((value) => !options.includes(value))
    .map((value) => `'ui:enumNames' at ${at(path)} labels '${value}', which is not an option of the schema (options: ${options.join(', ')})`);
}

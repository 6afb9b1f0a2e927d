import type { FormPageConfig, FormSpec } from './config-types';
import { formLayout, isPaged } from './form-layout';
import { layoutProblems } from './form-layout-check';
import type { FormCatalog, JsonSchemaObject } from './form-catalog';
import { enumNameProblems, widgetOptionProblems } from './ui-node-check';

/** Pure checks of one form page of flow-config/pages. Messages name no file: callers add where it was found. */

/** Copy every form needs: the heading and the button label; a paged form's headings are its pages' titles. */
const requiredCopy: Readonly<Record<string, string>> = { title: 'the heading', submit: 'the button label' };
const pagedCopy: Readonly<Record<string, string>> = {
  next: 'the Next button label',
  back: 'the Back action label',
  progress: "the progress text, e.g. 'Step {step} of {total}'",
};

const fieldCopy = /^(.+)\.(label|placeholder|help|section)$/;

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

/**
 * Problems that leave a form page unusable; the page itself shows these at runtime instead of a blank card.
 * `base` is the JSON pointer of the form in its page ('/form', or '/options/form' for a form a screen embeds).
 */
export function formNameProblems(form: FormSpec, catalog: FormCatalog, base = '/form'): string[] {
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
  const schema = Object.hasOwn(catalog.schemas, form.schema) ? catalog.schemas[form.schema] : undefined;
  problems.push(...layoutProblems(form.uiSchema, schema, form.schema).map((problem) => `${base}${problem}`));
  return problems;
}

/** The rest: widget options, fields the uiSchema and copy name, option labels, required copy, routes. */
export function formDetailProblems(page: FormPageConfig, catalog: FormCatalog, routes: ReadonlySet<string>, base = '/form'): string[] {
  const { form, copy } = page;
  const problems: string[] = [];
  const rootOptions = isObject(form.uiSchema) ? form.uiSchema['ui:options'] : undefined;
  if (rootOptions !== undefined && catalog.check && catalog.formOptions) {
    problems.push(...catalog.check(catalog.formOptions, rootOptions).map((m) => `${base}/uiSchema/ui:options: ${m}`));
  }
  const schema = Object.hasOwn(catalog.schemas, form.schema) ? catalog.schemas[form.schema] : undefined;
  for (const { path, ui, schema: node } of uiNodes(form.uiSchema, schema)) {
    if (schema && !node) {
      const parent = childPath(schema, path.slice(0, -1));
      const fields = parent ? ` (fields: ${fieldNames(parent).join(', ')})` : '';
      problems.push(`uiSchema names field '${at(path)}', which schema '${form.schema}' does not have${fields}`);
      continue;
    }
    problems.push(...widgetOptionProblems(at(path), ui, catalog));
    if (node) problems.push(...enumNameProblems(at(path), ui, node));
  }
  for (const key of Object.keys(copy)) {
    const field = fieldCopy.exec(key)?.[1];
    if (schema && field && !childPath(schema, field.split('.'))) {
      problems.push(`copy '${key}' names field '${field}', which schema '${form.schema}' does not have`);
    }
  }
  const paged = isPaged(formLayout(form.uiSchema));
  const needed = {
    ...(paged ? pagedCopy : requiredCopy),
    ...(form.back ? { back: 'the back action label' } : {}),
    ...(form.skip ? { skip: 'the skip action label', skipped: 'the toast after skipping' } : {}),
  };
  for (const [key, what] of Object.entries(needed)) {
    if (!copy[key]) problems.push(`copy has no '${key}' (${what})`);
  }
  for (const [name, route] of [['next', form.next], ['back', form.back], ['confirmRoute', form.confirmRoute], ['skip next', form.skip?.next]] as const) {
    if (route && route !== 'continue' && !routes.has(route)) {
      problems.push(`${name} route ${route} is not a route of any step in flow-config/flow.json`);
    }
  }
  return problems;
}

function childPath(schema: JsonSchemaObject, path: readonly string[]): JsonSchemaObject | undefined {
  return path.reduce<JsonSchemaObject | undefined>((node, key) => childSchema(node, key), schema);
}

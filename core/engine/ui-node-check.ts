import type { FormCatalog, JsonSchemaObject } from './form-catalog';

/** Checks of one node of a form's uiSchema: its widget's ui:options and its option labels. Pure. */

type Ui = Readonly<Record<string, unknown>>;

const isObject = (value: unknown): value is Ui => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * rjsf's own ui:options, which any field may carry whatever its widget; the rest must be the widget's own,
 * which its options schema checks (refusing unknown keys, so a misspelt one is reported).
 */
const rjsfOptionKeys = new Set([
  'label', 'title', 'description', 'placeholder', 'help', 'emptyValue', 'autofocus', 'autocomplete', 'classNames',
  'style', 'disabled', 'readonly', 'hideError', 'inputType', 'enumNames', 'enumOrder', 'enumDisabled',
]);

/** `where`: the field's path ('dateOfBirth'). Only in Node, where the catalog brings a schema check. */
export function widgetOptionProblems(where: string, ui: Ui, catalog: FormCatalog): string[] {
  const widget = ui['ui:widget'];
  if (typeof widget !== 'string' || !catalog.check || !Object.hasOwn(catalog.widgets, widget)) return [];
  const optionsSchema = catalog.widgets[widget] ?? {};
  const given = isObject(ui['ui:options']) ? ui['ui:options'] : {};
  const own = Object.fromEntries(Object.entries(given).filter(([key]) => !rjsfOptionKeys.has(key)));
  return catalog.check(optionsSchema, own).map((m) => `'ui:options' of widget '${widget}' at ${where}: ${m}`);
}

/** The values a field offers: its `enum`, or the `const` of each `oneOf`/`anyOf` entry (options with titles). */
export function optionValues(node: JsonSchemaObject): string[] {
  if (Array.isArray(node.enum)) return node.enum.map(String);
  const entries = Array.isArray(node.oneOf) ? node.oneOf : Array.isArray(node.anyOf) ? node.anyOf : [];
  return entries.flatMap((entry: unknown) => (isObject(entry) && 'const' in entry ? [String(entry.const)] : []));
}

/** Option labels (rjsf's 'ui:enumNames' map) must name options the schema has, so a relabel cannot miss. */
export function enumNameProblems(where: string, ui: Ui, node: JsonSchemaObject): string[] {
  const names = ui['ui:enumNames'];
  const options = optionValues(node);
  if (!isObject(names)) return [];
  return Object.keys(names)
    .filter((value) => !options.includes(value))
    .map((value) => `'ui:enumNames' at ${where} labels '${value}', which is not an option of the schema (options: ${options.join(', ')})`);
}

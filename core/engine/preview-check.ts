import { isFormPage, type ConfigBundle, type PageConfig } from './config-types';
import type { JsonSchemaObject } from './form-catalog';

/**
 * Pure: the names 'Preview what you sign' (a screen's `options.preview`) and 'Same address as mine' (an object's
 * `ui:options.sameAddress`) use must exist, so a misspelt step or field is refused instead of silently showing nothing.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parts of the applicant's address (schemas/user.schema.json `address`) a field may take. */
const addressParts: ReadonlySet<string> = new Set(['line1', 'line2', 'pincode', 'city', 'state']);

/** `options.preview` of a screen: each field '<step id>.<path>' names a step of the flow (or 'applicant'), each masked one is among them. */
function previewProblems(page: PageConfig, stepIds: ReadonlySet<string>, applicantFields: ReadonlySet<string>): string[] {
  const preview = !isFormPage(page) && isObject(page.options) ? page.options.preview : undefined;
  if (!Array.isArray(preview)) return [];
  return preview.filter(isObject).flatMap((section, index) => {
    const fields = Array.isArray(section.fields) ? section.fields.filter((field): field is string => typeof field === 'string') : [];
    const where = `options.preview[${index}]`;
    const unknown = fields.flatMap((field) => {
      const [source = '', name = ''] = field.split('.');
      if (source === 'applicant') return applicantFields.has(name) ? [] : [`${where}: '${field}' names no field of the applicant record (schemas/user.schema.json)`];
      return stepIds.has(source) ? [] : [`${where}: '${field}' names no step of flow-config/flow.json`];
    });
    const masked = Array.isArray(section.masked) ? section.masked.filter((field) => !fields.includes(String(field))) : [];
    return [...unknown, ...masked.map((field) => `${where}: masked '${String(field)}' is not one of its fields`)];
  });
}

/** The schema of a uiSchema path ('nominees', 'items'), following local $refs ('#/definitions/nominee'). */
function schemaAt(root: JsonSchemaObject, path: readonly string[]): Json | undefined {
  const resolve = (node: unknown): Json | undefined => {
    if (!isObject(node)) return undefined;
    const ref = node.$ref;
    if (typeof ref !== 'string' || !ref.startsWith('#/')) return node;
    let target: unknown = root;
    for (const part of ref.slice(2).split('/')) target = isObject(target) ? target[part] : undefined;
    return resolve(target);
  };
  let node = resolve(root);
  for (const part of path) node = resolve(part === 'items' ? node?.items : isObject(node?.properties) ? node.properties[part] : undefined);
  return node;
}

/** Every `ui:options.sameAddress` of a uiSchema: the field it stands before and the fields it fills are the object's, each taking a part of an address. */
function sameAddressProblems(uiSchema: unknown, schema: JsonSchemaObject, path: readonly string[] = []): string[] {
  if (!isObject(uiSchema)) return [];
  const nested = Object.entries(uiSchema).flatMap(([key, node]) => (key.startsWith('ui:') ? [] : sameAddressProblems(node, schema, [...path, key])));
  const options = isObject(uiSchema['ui:options']) ? uiSchema['ui:options'].sameAddress : undefined;
  if (options === undefined) return nested;
  const where = `uiSchema ${path.join('.') || '(root)'}: sameAddress`;
  const properties = schemaAt(schema, path)?.properties;
  const names = new Set(isObject(properties) ? Object.keys(properties) : []);
  if (!isObject(options) || typeof options.label !== 'string' || typeof options.field !== 'string' || !isObject(options.fields)) {
    return [...nested, `${where} needs a label, the field it stands before and the fields it fills`];
  }
  const problems = names.has(options.field) ? [] : [`${where}: field '${options.field}' is not a field here`];
  for (const [field, part] of Object.entries(options.fields)) {
    if (!names.has(field)) problems.push(`${where}: fills '${field}', which is not a field here`);
    if (typeof part !== 'string' || !addressParts.has(part)) problems.push(`${where}: '${field}' takes '${String(part)}', not a part of an address (${[...addressParts].join(', ')})`);
  }
  return [...nested, ...problems];
}

/** Problems of every page, named by file and route. */
export function previewAndAddressProblems(
  bundle: ConfigBundle,
  schemas: Readonly<Record<string, JsonSchemaObject>>,
  applicantFields: readonly string[],
): string[] {
  const stepIds = new Set(bundle.flow.steps.map((step) => step.id));
  const applicant = new Set(applicantFields);
  return Object.entries(bundle.pageFiles).flatMap(([file, content]) =>
    Object.entries(content.pages).flatMap(([route, page]) => {
      const schema = isFormPage(page) ? schemas[page.form.schema] : undefined;
      const problems = [...previewProblems(page, stepIds, applicant), ...(isFormPage(page) && schema ? sameAddressProblems(page.form.uiSchema, schema) : [])];
      return problems.map((problem) => `${file}: page ${route}: ${problem}`);
    }),
  );
}

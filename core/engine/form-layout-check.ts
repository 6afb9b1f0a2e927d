import { formLayout, isPaged, pageOfField, type FormPageSpec } from './form-layout';
import { schemaRules } from './schema-rules';

type Json = Readonly<Record<string, unknown>>;

/** Where the layout sits inside a form spec, as a JSON pointer; callers put the form's own pointer in front. */
const OPTIONS = '/uiSchema/ui:options';

const fieldsOf = (schema: Json): string[] =>
  typeof schema.properties === 'object' && schema.properties !== null ? Object.keys(schema.properties) : [];

const requiredOf = (schema: Json): string[] =>
  Array.isArray(schema.required) ? schema.required.filter((name): name is string => typeof name === 'string') : [];

/**
 * The meaning of a form's pages and rule dialogs against its schema: pages name only the schema's fields, each
 * at most once, every required field is on some page, and each dialog has a rule of the schema to explain.
 * Pure and without a schema compiler, so a form page runs it at render time as well as in npm run check:config.
 */
export function layoutProblems(uiSchema: unknown, schema: Json | undefined, schemaId: string): string[] {
  const layout = formLayout(uiSchema);
  if (!schema) return [];
  const problems: string[] = [];
  const pages = layout.pages ?? [];
  if (layout.pages) problems.push(...pageProblems(pages, schema, schemaId, isPaged(layout)));
  const rules = schemaRules(schema);
  const shown = (field: string) => (layout.pages ? pageOfField(pages, field) >= 0 : fieldsOf(schema).includes(field));
  layout.ruleDialogs.forEach(({ field }, index) => {
    const where = `${OPTIONS}/ruleDialogs/${index}`;
    const rule = rules.find((candidate) => candidate.field === field && candidate.forbidden.length > 0);
    if (!shown(field)) problems.push(`${where}/field: field '${field}' is on no page of the form`);
    else if (!rule) problems.push(`${where}: schema '${schemaId}' has no if/then rule on '${field}' that forbids a value, so the dialog has nothing to explain`);
    else if (!rule.conditionFields.some(shown)) {
      problems.push(`${where}: the rule on '${field}' in schema '${schemaId}' looks at no field on a page, so there is nothing to reselect`);
    }
  });
  return problems;
}

function pageProblems(pages: readonly FormPageSpec[], schema: Json, schemaId: string, paged: boolean): string[] {
  const problems: string[] = [];
  const known = fieldsOf(schema);
  const seen = new Map<string, number>();
  pages.forEach((page, index) => {
    const where = `${OPTIONS}/pages/${index}`;
    if (page.fields.length === 0) problems.push(`${where}/fields: a page needs at least one field`);
    if (paged && !page.title) problems.push(`${where}: a page of a paged form needs a 'title' (its heading)`);
    page.fields.forEach((field, position) => {
      const at = `${where}/fields/${position}`;
      if (!known.includes(field)) problems.push(`${at}: field '${field}' is not in schema '${schemaId}' (fields: ${known.join(', ')})`);
      const other = seen.get(field);
      if (other !== undefined) problems.push(`${at}: field '${field}' is already on page ${other}`);
      else seen.set(field, index);
    });
  });
  for (const field of requiredOf(schema)) {
    if (!seen.has(field)) problems.push(`${OPTIONS}/pages: required field '${field}' of schema '${schemaId}' is on no page`);
  }
  return problems;
}

/**
 * The layout a form's uiSchema gives in its root `ui:options` (checked by schemas/form-ui-options.schema.json):
 * `pages`, the questions shown together, in order; `ruleDialogs`, how a broken rule of the schema is explained.
 * Pure, so the renderer and npm run check:config read it the same way. Malformed parts read as absent.
 */

export interface FormPageSpec {
  /** The page's heading; a paged form needs one per page. */
  title?: string;
  subtitle?: string;
  /** Top-level fields of the schema, in the order shown. */
  fields: string[];
  /** Next waits until every text answer on the page is longer than this (spaces at the ends do not count). */
  longerThan?: number;
  /** Why Next waits, under a text answer too short ('{count}' is longerThan). */
  tooShort?: string;
}

/**
 * A dialog for a rule of the schema (an if/then) that the answers on a page break, e.g. F&O with a low income.
 * The rule itself, and so its values, live only in the schema: the dialog offers to change the answer the
 * rule's `if` looks at, or to remove what the rule's branch forbids.
 */
export interface RuleDialogSpec {
  /** The field the rule's branch constrains (e.g. segments). */
  field: string;
  title: string;
  /** A line under the schema's own message. */
  hint?: string;
  /** Label of the action back to the question the rule looks at. */
  reselect: string;
  /** Label of the action that removes what the rule forbids. */
  remove: string;
}

export interface FormLayout {
  /** Undefined: one page of every field, in schema order. */
  pages?: FormPageSpec[];
  ruleDialogs: RuleDialogSpec[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function readPage(value: unknown): FormPageSpec | undefined {
  if (!isRecord(value)) return undefined;
  const { title, subtitle, longerThan, tooShort } = value;
  return {
    fields: strings(value.fields),
    ...(typeof title === 'string' ? { title } : {}),
    ...(typeof subtitle === 'string' ? { subtitle } : {}),
    ...(typeof longerThan === 'number' ? { longerThan } : {}),
    ...(typeof tooShort === 'string' ? { tooShort } : {}),
  };
}

function readDialog(value: unknown): RuleDialogSpec | undefined {
  if (!isRecord(value)) return undefined;
  const { field, title, hint, reselect, remove } = value;
  if (typeof field !== 'string' || typeof title !== 'string' || typeof reselect !== 'string' || typeof remove !== 'string') return undefined;
  return { field, title, reselect, remove, ...(typeof hint === 'string' ? { hint } : {}) };
}

/** The root `ui:options` of a uiSchema, or an empty object. */
export function rootUiOptions(uiSchema: unknown): Record<string, unknown> {
  const options = isRecord(uiSchema) ? uiSchema['ui:options'] : undefined;
  return isRecord(options) ? options : {};
}

export function formLayout(uiSchema: unknown): FormLayout {
  const options = rootUiOptions(uiSchema);
  const pages = Array.isArray(options.pages) ? options.pages.flatMap((page) => readPage(page) ?? []) : undefined;
  const ruleDialogs = Array.isArray(options.ruleDialogs) ? options.ruleDialogs.flatMap((dialog) => readDialog(dialog) ?? []) : [];
  return { ...(pages ? { pages } : {}), ruleDialogs };
}

/** More than one page: the form is asked one page at a time. */
export function isPaged(layout: FormLayout): layout is FormLayout & { pages: FormPageSpec[] } {
  return (layout.pages?.length ?? 0) > 1;
}

export function pageOfField(pages: readonly FormPageSpec[], field: string): number {
  return pages.findIndex((page) => page.fields.includes(field));
}

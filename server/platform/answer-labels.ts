import type { OpsAnswer, OpsStepAnswers } from '../../core/api/types';
import { type PageConfig, pageForms } from '../../core/engine/config-types';
import type { FlowConfig } from '../../core/engine/flow-types';
import { format } from '../../core/engine/format';
import { isoInstantPattern, reviewerTime } from '../../core/engine/reviewer-time';
import { declaredAtKey, declaredTextKey } from '../steps/declared-at';

type Json = Record<string, unknown>;

/** Where an answer sits: the label's prefix ('Nominee 1: Asha Rao › ') and the list item it belongs to. */
interface Place {
  prefix: string;
  group?: string;
}

/** A key or code no config names, in words: 'guardianCity' → 'Guardian city', 'bank_statement' → 'Bank statement'. */
function humanise(code: string): string {
  const words = code.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.-]+/g, ' ').trim().toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A person's name in a list item (a nominee): first and last name, or name. */
function personName(item: unknown): string | undefined {
  if (!isObject(item)) return undefined;
  const parts = [item.firstName, item.middleName, item.lastName].filter((part): part is string => typeof part === 'string' && part.trim() !== '');
  if (parts.length > 0) return parts.join(' ');
  return typeof item.name === 'string' && item.name.trim() ? item.name : undefined;
}
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What labels and shows one step's answers: its forms' copy and uiSchemas, and its schema. */
interface StepSources {
  copy: Record<string, string>;
  uiSchemas: Json[];
  schema: Json | undefined;
}

/** Body schemas of the API routes that fix `stepId` once rejected (flow.json `api` entries with `fixes` and `body`). */
function fixingSchemas(flow: FlowConfig, stepId: string): string[] {
  return flow.steps.flatMap((step) =>
    (step.api ?? []).flatMap((entry) => {
      if (typeof entry === 'string' || !entry.body || entry.fixes === undefined) return [];
      const fixes = Array.isArray(entry.fixes) ? entry.fixes : [entry.fixes];
      return fixes.includes(stepId) ? [entry.body] : [];
    }),
  );
}

/** The body schema of the step's own API route ('POST /user/declaration' → declaration). */
function apiBodySchema(step: FlowConfig['steps'][number]): string | undefined {
  for (const entry of step.api ?? []) if (typeof entry !== 'string' && entry.body && entry.fixes === undefined) return entry.body;
  return undefined;
}

/**
 * A property's schema, looked for in `properties` and in the branches of if/then/else and allOf; a stored camelCase
 * name also finds the snake_case field a multipart form sends it as (documentType ← document_type).
 */
function propertyOf(schema: Json | undefined, name: string): Json | undefined {
  const snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
  return ownProperty(schema, name) ?? (snake === name ? undefined : ownProperty(schema, snake));
}

function ownProperty(schema: Json | undefined, name: string): Json | undefined {
  if (!schema) return undefined;
  const direct = isObject(schema.properties) ? schema.properties[name] : undefined;
  if (isObject(direct)) return direct;
  const branches = [schema.then, schema.else, ...(Array.isArray(schema.allOf) ? schema.allOf : [])].filter(isObject);
  for (const branch of branches) {
    const found = ownProperty(branch, name);
    if (found) return found;
  }
  return undefined;
}

/** A schema's property names in the order it declares them, its branches' after its own. */
function declaredOrder(schema: Json | undefined, into: string[] = []): string[] {
  if (!schema) return into;
  if (isObject(schema.properties)) for (const name of Object.keys(schema.properties)) if (!into.includes(name)) into.push(name);
  for (const branch of [schema.then, schema.else, ...(Array.isArray(schema.allOf) ? schema.allOf : [])].filter(isObject)) declaredOrder(branch, into);
  return into;
}

/**
 * Stored fields in the order the form asks them: the fields the schema declares take their slots in its order; a
 * field it does not declare (a city the server added, a document id) keeps its stored place.
 */
function inSchemaOrder(entries: [string, unknown][], schema: Json | undefined): [string, unknown][] {
  const order = declaredOrder(schema);
  const rank = ([key]: [string, unknown]) => order.indexOf(key);
  const declared = entries.filter((entry) => rank(entry) !== -1).sort((a, b) => rank(a) - rank(b));
  return entries.map((entry) => (rank(entry) === -1 ? entry : (declared.shift() ?? entry)));
}

/** `oneOf` const → title, or a plain list's label in another language (`x-labels`), as the forms show the options. */
function optionTitle(schema: Json | undefined, value: unknown): string | undefined {
  const options = Array.isArray(schema?.oneOf) ? schema.oneOf.filter(isObject) : [];
  const title = options.find((option) => option.const === value)?.title ?? (isObject(schema?.['x-labels']) && typeof value === 'string' ? schema['x-labels'][value] : undefined);
  return typeof title === 'string' ? title : undefined;
}

function uiOptionAt(uiSchemas: Json[], path: string[]): Json | undefined {
  for (const ui of uiSchemas) {
    let node: unknown = ui;
    for (const part of path) node = isObject(node) ? node[part] : undefined;
    if (isObject(node) && isObject(node['ui:options'])) return node['ui:options'];
  }
  return undefined;
}

/** The config in one language the answers are read with: the steps, the pages merged by route, the step schemas by id. */
export interface AnswerSources {
  flow: FlowConfig;
  pages: Record<string, PageConfig>;
  schemas: Readonly<Record<string, Json | undefined>>;
}

/**
 * The words of a reader (the back office's ops.json, or the applicant's page copy), in the same language as the
 * sources: yes and no, a list item's heading, a declaration's time, and labels of what no form names.
 */
export interface AnswerWording {
  yes: string;
  no: string;
  /** '{item}: {name}': a list item's heading with the person's name. */
  listItemNamed: string;
  /** 'When ticked: {statement}'. */
  tickedAt: string;
  /** Labels of stored fields no form names, by path ('kraAddress.line1') or by last key ('line1'). */
  fieldLabels: Readonly<Record<string, string>>;
  /** Words of stored codes no form offers, by field then code. */
  valueLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** A list item's heading, by list field ('Nominee {index}'). */
  itemLabels?: Readonly<Record<string, string>>;
}

/**
 * Turns each step's stored answers into labelled answers: a field's label is its form's copy (`<path>.label`), else its
 * schema's title, else the wording's `fieldLabels`; option codes show as their titles, consent boxes shown
 * inverted in the form are inverted back, objects and lists are flattened ('Nominees 1 › Name').
 */
export function createAnswerLabeller({ flow, pages, schemas }: AnswerSources, wording: AnswerWording) {
  const sources = new Map<string, StepSources>();
  const forms = Object.values(pages).flatMap((page) => pageForms(page).map((form) => ({ form, copy: page.copy ?? {} })));
  for (const step of flow.steps) {
    const own = step.routes.map((route) => pages[route]).filter((page) => page !== undefined);
    const ownForms = own.flatMap((page) => pageForms(page));
    // The schema the answers were saved under: the step's, its own page's form's (the declaration's), its API body's;
    // a step without a form of its own (an upload) is described by the form that fixes it once rejected.
    const schemaId = step.schema ?? ownForms.find((form) => form.schema)?.schema ?? apiBodySchema(step) ?? fixingSchemas(flow, step.id)[0];
    const mine = schemaId ? forms.filter(({ form }) => form.schema === schemaId) : [];
    sources.set(step.id, {
      copy: Object.assign({}, ...own.map((page) => page.copy ?? {}), ...mine.map(({ copy }) => copy)),
      // The step's own forms first: how its boxes were shown (an inverted declaration) is how they read back.
      uiSchemas: [...ownForms, ...mine.map(({ form }) => form)].map((form) => form.uiSchema).filter(isObject),
      schema: schemaId ? schemas[schemaId] : undefined,
    });
  }

  const { yes, no } = wording;

  function label(source: StepSources, path: string[], schema: Json | undefined): string {
    const key = path.join('.');
    const last = path[path.length - 1] ?? key;
    const title = typeof schema?.title === 'string' ? schema.title : undefined;
    return source.copy[`${key}.label`] ?? itemLabel(source, path) ?? title ?? wording.fieldLabels[key] ?? wording.fieldLabels[last] ?? humanise(last);
  }

  /** A field of a list's items is labelled once in the form's copy, under `items` (nominees.items.documentType.label). */
  function itemLabel(source: StepSources, path: string[]): string | undefined {
    for (let at = 1; at < path.length; at += 1) {
      const shown = source.copy[`${[...path.slice(0, at), 'items', ...path.slice(at)].join('.')}.label`];
      if (shown !== undefined) return shown;
    }
    return undefined;
  }

  /** An option's words: its form title, else the wording's valueLabels, else (a code no one wrote words for) the code made readable. */
  function valueText(schema: Json | undefined, field: string, value: string | number): string {
    const titled = optionTitle(schema, value) ?? (typeof value === 'string' ? wording.valueLabels?.[field]?.[value] : undefined);
    if (titled !== undefined) return titled;
    if (typeof value === 'number') return String(value);
    if (isoInstantPattern.test(value)) return reviewerTime(value);
    // An option stored in another case than the form offers it (modification sends gender lowercase): as offered.
    const offered = Array.isArray(schema?.enum) ? schema.enum.find((option) => typeof option === 'string' && option.toLowerCase() === value.toLowerCase()) : undefined;
    if (typeof offered === 'string') return offered;
    // A snake_case code (a wire value) no config names: never shown as the code itself.
    return /^[a-z]+(_[a-z0-9]+)+$/.test(value) ? humanise(value) : value;
  }

  /** One list item's heading: 'Nominee 1: Asha Rao' (the wording's itemLabels, and the person's name when it has one). */
  function itemHeading(field: string, listLabel: string, index: number, item: unknown): string {
    const template = wording.itemLabels?.[field];
    const heading = template ? format(template, { index }) : `${listLabel} ${index}`;
    const name = personName(item);
    return name ? format(wording.listItemNamed, { item: heading, name }) : heading;
  }

  function answersOf(source: StepSources, path: string[], at: Place, value: unknown, schema: Json | undefined): OpsAnswer[] {
    if (value === null || value === undefined || value === '') return [];
    const field = path.join('.');
    const last = path[path.length - 1] ?? field;
    const shown = `${at.prefix}${label(source, path, schema)}`;
    const answer = (text: string): OpsAnswer[] => [{ field, label: shown, value: text, ...(at.group ? { group: at.group } : {}) }];
    if (typeof value === 'boolean') {
      const inverted = uiOptionAt(source.uiSchemas, path)?.inverted === true;
      return answer(value !== inverted ? yes : no);
    }
    if (Array.isArray(value)) {
      const items = isObject(schema?.items) ? schema.items : undefined;
      if (value.every((item) => !isObject(item))) {
        return answer(value.map((item) => (typeof item === 'string' || typeof item === 'number' ? valueText(items, last, item) : String(item))).join(', '));
      }
      const listLabel = label(source, path, schema);
      return value.flatMap((item, index) => {
        const group = itemHeading(last, listLabel, index + 1, item);
        return fieldsOf(source, path, { prefix: `${at.prefix}${group} › `, group }, item, items);
      });
    }
    if (isObject(value)) return fieldsOf(source, path, { ...at, prefix: `${shown} › ` }, value, schema);
    return answer(typeof value === 'string' || typeof value === 'number' ? valueText(schema, last, value) : String(value));
  }

  /** Each field of an object (a step's answers, a nominee, the bank's verification), under `at`, in its form's order. */
  function fieldsOf(source: StepSources, path: string[], at: Place, value: unknown, schema: Json | undefined): OpsAnswer[] {
    if (!isObject(value)) return answersOf(source, path, at, value, schema);
    // What each declaration was made to (declaredText) is read with its words: the application's `declarations`.
    const entries = Object.entries(value).filter(([key]) => !(key === declaredTextKey && path.length === 0));
    return inSchemaOrder(entries, schema).flatMap(([key, item]) =>
      key === declaredAtKey && path.length === 0
        ? tickedAt(source, item, schema)
        : answersOf(source, [...path, key], at, item, propertyOf(schema, key)),
    );
  }

  /** When each statement was ticked (declaredAt: field → ISO time), read under the statement's own label. */
  function tickedAt(source: StepSources, times: unknown, schema: Json | undefined): OpsAnswer[] {
    if (!isObject(times)) return [];
    return Object.entries(times).flatMap(([key, time]) =>
      typeof time === 'string'
        ? [{ field: `${declaredAtKey}.${key}`, label: format(wording.tickedAt, { statement: label(source, [key], propertyOf(schema, key)) }), value: valueText(undefined, key, time) }]
        : [],
    );
  }

  return (documents: Record<string, Json>): OpsStepAnswers[] =>
    flow.steps.flatMap((step) => {
      const document = documents[step.id];
      const source = sources.get(step.id);
      if (!document || !source) return [];
      return [{ step: step.id, title: step.title, answers: fieldsOf(source, [], { prefix: '' }, document, source.schema) }];
    });
}

export type AnswerLabeller = ReturnType<typeof createAnswerLabeller>;

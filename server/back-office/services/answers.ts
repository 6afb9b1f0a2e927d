import type { OpsAnswer, OpsStepAnswers } from '../../../core/api/types';
import type { OpsConfig } from '../../../core/api/generated/schema-types';
import { type ConfigBundle, mergePages, pageForms } from '../../../core/engine/config-types';
import type { FlowConfig } from '../../../core/engine/flow-types';
import type { StepValidators } from '../../validation/step-validators';

type Json = Record<string, unknown>;
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

/** `oneOf` const → title, as the forms show the options. */
function optionTitle(schema: Json | undefined, value: unknown): string | undefined {
  const options = Array.isArray(schema?.oneOf) ? schema.oneOf.filter(isObject) : [];
  const title = options.find((option) => option.const === value)?.title;
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

/**
 * Turns each step's stored answers into labelled answers: a field's label is its form's copy (`<path>.label`), else its
 * schema's title, else flow-config/ops.json `fieldLabels`; option codes show as their titles, consent boxes shown
 * inverted in the form are inverted back, objects and lists are flattened ('Nominees 1 › Name').
 */
export function createAnswerLabeller(config: ConfigBundle & { ops: OpsConfig }, validators: StepValidators) {
  const { flow, ops } = config;
  const pages = mergePages(config);
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
      schema: schemaId ? (validators[schemaId]?.schema as Json | undefined) : undefined,
    });
  }

  const yes = ops.texts.yes;
  const no = ops.texts.no;

  function label(source: StepSources, path: string[], schema: Json | undefined): string {
    const key = path.join('.');
    const last = path[path.length - 1] ?? key;
    const title = typeof schema?.title === 'string' ? schema.title : undefined;
    return source.copy[`${key}.label`] ?? title ?? ops.fieldLabels[key] ?? ops.fieldLabels[last] ?? key;
  }

  function answersOf(source: StepSources, path: string[], prefix: string, value: unknown, schema: Json | undefined): OpsAnswer[] {
    if (value === null || value === undefined || value === '') return [];
    const field = path.join('.');
    const shown = `${prefix}${label(source, path, schema)}`;
    if (typeof value === 'boolean') {
      const inverted = uiOptionAt(source.uiSchemas, path)?.inverted === true;
      return [{ field, label: shown, value: value !== inverted ? yes : no }];
    }
    if (Array.isArray(value)) {
      const items = isObject(schema?.items) ? schema.items : undefined;
      if (value.every((item) => !isObject(item))) {
        return [{ field, label: shown, value: value.map((item) => optionTitle(items, item) ?? String(item)).join(', ') }];
      }
      return value.flatMap((item, index) => fieldsOf(source, path, `${shown} ${index + 1} › `, item, items));
    }
    if (isObject(value)) return fieldsOf(source, path, `${shown} › `, value, schema);
    const last = path[path.length - 1] ?? field;
    const valueLabel = typeof value === 'string' ? ops.valueLabels?.[last]?.[value] : undefined;
    return [{ field, label: shown, value: optionTitle(schema, value) ?? valueLabel ?? String(value) }];
  }

  /** Each field of an object (a step's answers, a nominee, the bank's verification), under `prefix`. */
  function fieldsOf(source: StepSources, path: string[], prefix: string, value: unknown, schema: Json | undefined): OpsAnswer[] {
    if (!isObject(value)) return answersOf(source, path, prefix, value, schema);
    return Object.entries(value).flatMap(([key, item]) => answersOf(source, [...path, key], prefix, item, propertyOf(schema, key)));
  }

  return (documents: Record<string, Json>): OpsStepAnswers[] =>
    flow.steps.flatMap((step) => {
      const document = documents[step.id];
      const source = sources.get(step.id);
      if (!document || !source) return [];
      return [{ step: step.id, title: step.title, answers: fieldsOf(source, [], '', document, source.schema) }];
    });
}

export type AnswerLabeller = ReturnType<typeof createAnswerLabeller>;

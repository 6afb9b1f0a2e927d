// Node-only: loads and compiles schemas/step-data. The server compiles at start-up with `compileStepValidators`;
// the build (scripts/step-standalone.ts) turns the same schemas into standalone code with the same `createStepAjv`.
// Never import this from src/: it would pull ajv's compiler into the bundle.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import { configDir as flowConfigDir, stepSchemasDir } from '../config/config-dirs.ts';
import { addRuleKeywords, type RuleCallContext, type RuleClock } from './rule-keywords.ts';
import { keptByKey } from '../platform/kept-by-key.ts';
import { settingsOf } from '../../core/engine/settings.ts';
import type { FlowConfig } from '../../core/engine/flow-types.ts';
import { inlineSchemaRefs, type SchemaSettings } from './schema-refs.ts';

/** schemas/step-data, or ONBOARD_STEP_SCHEMAS_DIR. */
export const STEP_SCHEMA_DIR = stepSchemasDir;
const SUFFIX = '.schema.json';

/**
 * The settings of `configDir`/flow.json with their defaults: what `{"$setting": name}` in a schema stands for. A
 * flow.json that cannot be read gives the defaults; the config check reports the file itself.
 */
export function schemaSettings(configDir: string = flowConfigDir): SchemaSettings {
  try {
    return settingsOf(JSON.parse(readFileSync(join(configDir, 'flow.json'), 'utf8')) as FlowConfig);
  } catch {
    return settingsOf({});
  }
}

/** A JSON Schema as parsed from its file (rjsf's StepSchema is this shape too). */
export type StepSchema = Record<string, unknown> & { $id?: string };

export interface StepSchemaFile {
  /** The file's base name, which must equal the schema's `$id` (e.g. "pan"). */
  id: string;
  file: string;
  /** With every cross-file `$ref` (the lists) inlined: what forms and validators use. */
  schema: StepSchema;
  /** As written in the file, for checks of how lists are referenced. */
  raw: StepSchema;
}

/**
 * Reads every `*.schema.json` in `dir`, sorted by name, and inlines the lists they reference and the settings they
 * read; a file whose `$id` is not its base name, or a `$ref` or `$setting` that names nothing, fails naming the file
 * (and the JSON path).
 */
export function loadStepSchemas(dir: string = STEP_SCHEMA_DIR, settings: SchemaSettings = schemaSettings(), texts?: SchemaTexts): StepSchemaFile[] {
  const root = join(dir, '..', '..');
  const cache = texts ? translatedFiles(dir, texts) : new Map<string, unknown>();
  return readdirSync(dir)
    .filter((name) => name.endsWith(SUFFIX))
    .sort()
    .map((name) => {
      const file = join(dir, name);
      const id = name.slice(0, -SUFFIX.length);
      let raw: StepSchema;
      try {
        raw = (cache.get(file) as StepSchema | undefined) ?? (JSON.parse(readFileSync(file, 'utf8')) as StepSchema);
      } catch (error) {
        throw new Error(`${file}: not valid JSON (${(error as Error).message})`);
      }
      if (raw.$id !== id) {
        throw new Error(`${file}: "$id" must be "${id}" (the file's base name), found ${JSON.stringify(raw.$id)}`);
      }
      return { id, file, schema: inlineSchemaRefs(raw, file, root, settings, cache), raw };
    });
}

/** A language's texts for a schema or list file (by its path): the file as that language reads it. */
export type SchemaTexts = (kind: 'stepSchema' | 'list', file: string, content: unknown) => unknown;

/** Every step schema and list, each in the language `texts` gives, keyed by path: what $refs then inline. */
function translatedFiles(dir: string, texts: SchemaTexts): Map<string, unknown> {
  const files = new Map<string, unknown>();
  const lists = join(dir, '..', 'lists');
  for (const [folder, kind] of [[dir, 'stepSchema'], [lists, 'list']] as const) {
    for (const name of readdirSync(folder).filter((entry) => entry.endsWith('.json'))) {
      const file = join(folder, name);
      try {
        files.set(file, texts(kind, file, JSON.parse(readFileSync(file, 'utf8'))));
      } catch {
        // Left to the untranslated read, which names the broken file.
      }
    }
  }
  return files;
}

/**
 * The one ajv configuration for client and server: rjsf's AJV_CONFIG (but not verbose), formats and ajv-errors.
 * `now`: the clock our date rules read (the server's, or 'per-call'); the device's clock when left out.
 */
export function createStepAjv(now?: RuleClock): Ajv {
  const ajv = new Ajv({
    allErrors: true, // ajv-errors needs every error to pick its messages
    multipleOfPrecision: 8,
    strict: false,
    verbose: false, // messages come from errorMessage; verbose would ship schema copies in every error site
    discriminator: false,
    // A 'per-call' clock reaches rules inside nested validate functions too.
    passContext: now === 'per-call',
    code: { source: true, esm: true, lines: true },
  });
  addFormats(ajv);
  addRuleKeywords(ajv, now);
  ajvErrors(ajv);
  return ajv;
}

// Compiled validators by their schemas' content, each set compiled once per process with a per-call clock: tests
// build hundreds of apps on the same schemas, each with its own clock, and compiling takes ~100 ms (far more on a
// busy machine). A few kept: edited copies of the schemas compile on their own.
const compiledSets = keptByKey<Readonly<Record<string, ValidateFunction>>>(8);

function compiledOnce(schemas: readonly StepSchemaFile[]): Readonly<Record<string, ValidateFunction>> {
  return compiledSets(JSON.stringify(schemas.map(({ id, schema }) => [id, schema])), () => {
    const ajv = createStepAjv('per-call');
    return Object.fromEntries(schemas.map(({ id, schema }) => [id, ajv.compile(schema)]));
  });
}

/** `validate` reading `context`'s clock: its own errors, as a validate function keeps them. */
function withClock(validate: ValidateFunction, context: RuleCallContext): ValidateFunction {
  const bound = ((data: unknown, dataCxt?: Parameters<ValidateFunction>[1]) => {
    const valid = validate.call(context, data, dataCxt);
    bound.errors = validate.errors;
    return valid;
  }) as ValidateFunction;
  return Object.assign(bound, { schema: validate.schema, schemaEnv: validate.schemaEnv });
}

/**
 * Server side: one validate function per schema id, with the same messages the browser shows. `now`: the server's
 * clock, which judges dates ("today"); the device's clock when left out.
 */
export function compileStepValidators(schemas: readonly StepSchemaFile[] = loadStepSchemas(), now: () => number = Date.now): Record<string, ValidateFunction> {
  const context: RuleCallContext = { now };
  return Object.fromEntries(Object.entries(compiledOnce(schemas)).map(([id, validate]) => [id, withClock(validate, context)]));
}

/**
 * Messages by field path ('pan', 'address.city'; '' for the object itself), from ajv errors. ajv-errors puts
 * `required` messages on the parent object; each is filed under the missing field, as the browser shows it.
 */
export function fieldMessages(errors: readonly ErrorObject[] | null | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const add = (path: string, message: string): void => {
    const list = (out[path] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  // An if/then rule's own 'must match "then" schema' says nothing; the then-branch carries the message.
  for (const error of (errors ?? []).filter((e) => e.keyword !== 'if')) {
    const base = error.instancePath.slice(1).replaceAll('/', '.');
    const message = error.message ?? error.keyword;
    const inner: unknown = error.params.errors;
    const missing = Array.isArray(inner)
      ? inner.flatMap((e: ErrorObject) => (typeof e.params.missingProperty === 'string' ? [e.params.missingProperty] : []))
      : typeof error.params.missingProperty === 'string'
        ? [error.params.missingProperty]
        : [];
    if (missing.length === 0) add(base, message);
    for (const name of missing) add(base ? `${base}.${name}` : name, message);
  }
  return out;
}

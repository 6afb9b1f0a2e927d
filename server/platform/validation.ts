import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { keptByKey } from './kept-by-key';

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    $data: true,
    // Reject, never strip: a body with unknown properties is a client bug we want to see.
    removeAdditional: false,
    useDefaults: true,
    allowUnionTypes: true,
    strict: true,
    ...options,
  });
  addFormats(ajv);
  addErrors(ajv);
  return ajv;
}

/**
 * One validate function per schema (by content) for the process: every app built in it shares them. Tests build
 * hundreds of apps, and a fresh ajv per app compiled its meta-schema and every route schema again (~150 ms an app;
 * Fastify hands each app its own copies of the schemas, so ajv's own cache, by object, never hit).
 */
function compiledOnce(options: Options): (schema: unknown) => ValidateFunction {
  let ajv: Ajv | undefined;
  // Every distinct schema kept: a process's routes have a few dozen.
  const compiled = keptByKey<ValidateFunction>(Number.POSITIVE_INFINITY);
  // addUsedSchema off: a schema's $id is not registered in the shared instance, so two apps' schemas never clash.
  return (schema) => compiled(JSON.stringify(schema), () => (ajv ??= createAjv({ ...options, addUsedSchema: false })).compile(schema as object));
}

const bodyValidator = compiledOnce({ coerceTypes: false });
const textValidator = compiledOnce({ coerceTypes: 'array' });

/** One readable sentence for a failed body: the schema's own wording first (ajv-errors). */
export function describeValidationErrors(errors: ErrorObject[], dataVar: string): string {
  const worded = errors.find((error) => error.keyword === 'errorMessage');
  if (worded?.message) return worded.message;
  const first = errors[0];
  if (!first) return `${dataVar} is not valid`;
  const where = `${dataVar}${first.instancePath.replaceAll('/', '.')}`;
  if (first.keyword === 'additionalProperties') {
    return `${where} has an unknown property '${String(first.params.additionalProperty)}'`;
  }
  if (first.keyword === 'required') return `${where} needs '${String(first.params.missingProperty)}'`;
  return `${where} ${first.message ?? 'is not valid'}`;
}

/**
 * ajv (+ formats, + errorMessage) as Fastify's validator. Bodies are never coerced (a number is
 * not a phone); query strings and params are, since they only ever arrive as text.
 */
export function installValidation(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyValidator : textValidator)(schema));
  app.setSchemaErrorFormatter((errors, dataVar) => new Error(describeValidationErrors(errors, dataVar)));
}

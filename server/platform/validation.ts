import { Ajv, type ErrorObject, type Options } from 'ajv';
import addErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

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
  const bodyAjv = createAjv({ coerceTypes: false });
  const textAjv = createAjv({ coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : textAjv).compile(schema));
  app.setSchemaErrorFormatter((errors, dataVar) => new Error(describeValidationErrors(errors, dataVar)));
}

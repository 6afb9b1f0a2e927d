import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { fieldMessages } from './step-schemas';
import { type FieldMessages, FieldValidationError } from '../errors';
import { describeValidationErrors } from '../platform/validation';
import { type StepValidators, stepValidator } from './step-validators';

/**
 * Messages by field from ajv errors. The schema's own wording (ajv-errors) is kept; a bare ajv error
 * (wrong body type, unknown property) gets the same wording as the other routes' bodies.
 */
export function stepFieldMessages(errors: readonly ErrorObject[]): FieldMessages {
  const worded = errors.map((error) => (error.keyword === 'errorMessage' ? error : { ...error, message: describeValidationErrors([error], 'body') }));
  return fieldMessages(worded);
}

/**
 * A route body checked by the step-data schema `schemaId`, precompiled at start-up: every rule is the schema's own
 * (our keywords included: x-notBlank, x-dateWithin..., validation/rule-keywords.ts).
 * Fastify's own ajv never sees the schema: it would coerce types and lacks allErrors, which
 * ajv-errors needs. A failure answers 400 with the first message and `errors` by field.
 * Use as `{ validatorCompiler, schema: { body, response } }`.
 */
export function stepBody(validators: StepValidators, schemaId: string) {
  const validate = stepValidator(validators, schemaId);
  const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    // The precompiled function is found by the schema's $id; only a body is a step payload.
    if (httpPart !== 'body' || (schema as { $id?: unknown }).$id !== schemaId) {
      throw new Error(`step schema '${schemaId}' validates request bodies only`);
    }
    return (data: unknown) => (validate(data) ? { value: data } : { error: new FieldValidationError(stepFieldMessages(validate.errors ?? [])) });
  };
  return { body: validate.schema as object, validatorCompiler };
}

/**
 * A fix merged over the stored answers, checked again by the route's own schema (only the fields that schema
 * asks about), so a rule across fields holds for what is stored, not just for what was sent. Refuses with the
 * schema's messages, like a body.
 */
export function mergedAnswersCheck(validate: ValidateFunction): (merged: Record<string, unknown>) => void {
  const fields = Object.keys((validate.schema as { properties?: object }).properties ?? {});
  return (merged) => {
    const asked = Object.fromEntries(fields.filter((field) => field in merged).map((field) => [field, merged[field]]));
    if (!validate(asked)) throw new FieldValidationError(stepFieldMessages(validate.errors ?? []));
  };
}

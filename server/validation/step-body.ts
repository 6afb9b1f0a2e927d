import type { ErrorObject, ValidateFunction } from 'ajv';
import type { FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { fieldMessages } from './step-schemas';
import { ApiError, type FieldMessages, FieldValidationError } from '../errors';
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
 * A route body checked by the step-data schema `schemaId` of the applicant's config release (request.runtime; the
 * running config's `validators` outside the signed-in scope), precompiled: every rule is the schema's own (our
 * keywords included: x-notBlank, x-dateWithin..., validation/rule-keywords.ts). The check runs as the route's
 * preValidation hook, after the authenticate hook has found the applicant and their release, where Fastify's body
 * validation would run; Fastify's own ajv never sees the schema (it would coerce types and lacks allErrors, which
 * ajv-errors needs). `body` (the running config's schema) documents the route. A failure answers 400 with the first
 * message and `errors` by field; a release without the schema answers 404.
 * Use as `{ validatorCompiler, preValidation, schema: { body, response } }`.
 */
export function stepBody(validators: StepValidators, schemaId: string) {
  const running = stepValidator(validators, schemaId);
  const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
    if (httpPart !== 'body' || (schema as { $id?: unknown }).$id !== schemaId) {
      throw new Error(`step schema '${schemaId}' validates request bodies only`);
    }
    // Checked already, by the applicant's release (preValidation).
    return (data: unknown) => ({ value: data });
  };
  const preValidation = async (request: FastifyRequest): Promise<void> => {
    const validate = request.runtime ? request.runtime.stepValidators[schemaId] : running;
    if (!validate) throw new ApiError(404, 'request.notFound');
    const data = request.body === undefined ? null : request.body;
    if (!validate(data)) throw new FieldValidationError(stepFieldMessages(validate.errors ?? []));
  };
  return { body: running.schema as object, validatorCompiler, preValidation };
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

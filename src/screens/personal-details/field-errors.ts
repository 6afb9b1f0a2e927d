import { placeErrors } from '../../renderer/form/errors';
import type { StepValidator } from '../../renderer/form/validators';

/** Messages by top-level field, in the schema's own words (ajv-errors), from the precompiled validator. */
export function fieldErrors({ schema, validator }: StepValidator, payload: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const error of placeErrors(validator.validateFormData(payload, schema).errors)) {
    const field = (error.property ?? '').replace(/^\./, '').split(/[.[]/)[0] ?? '';
    if (error.message && !(field in errors)) errors[field] = error.message;
  }
  return errors;
}

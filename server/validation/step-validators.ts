import type { ValidateFunction } from 'ajv';
import type { SchemaSettings } from './schema-refs';
import { STEP_SCHEMA_DIR, compileStepValidators, loadStepSchemas, schemaSettings } from './step-schemas';

/** One precompiled validator per step-data schema id ('pan', 'personal-details', ...). */
export type StepValidators = Readonly<Record<string, ValidateFunction>>;

export const defaultStepSchemasDir = STEP_SCHEMA_DIR;

/**
 * Compiles every schema in `dir` once, at start-up, with the very ajv settings the browser's
 * precompiled code uses (allErrors for ajv-errors, no coercion), so both sides word errors alike.
 */
export function loadStepValidators(dir: string = defaultStepSchemasDir, settings: SchemaSettings = schemaSettings()): StepValidators {
  return compileStepValidators(loadStepSchemas(dir, settings));
}

/** The validator for `schemaId`; a route naming an unknown schema fails at start-up, by name. */
export function stepValidator(validators: StepValidators, schemaId: string): ValidateFunction {
  const validate = validators[schemaId];
  if (!validate) {
    throw new Error(`No step schema '${schemaId}' (known: ${Object.keys(validators).sort().join(', ')})`);
  }
  return validate;
}

/** Each validator's schema (lists inlined), by schema id: what forms label and offer, in the config's own language. */
export function schemasOf(validators: StepValidators): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(validators).map(([id, validate]) => [id, validate.schema as Record<string, unknown>]));
}

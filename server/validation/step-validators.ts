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

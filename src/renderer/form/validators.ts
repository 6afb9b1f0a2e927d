import type { RJSFSchema } from '@rjsf/utils';
// The deep import keeps the package index (and with it ajv's compiler) out of the bundle.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { compiledStepSchemas } from 'virtual:step-validators';
import type { StepFormData, StepValidatorType } from './types';

export interface StepValidator {
  /** Pass this very object to the Form: rjsf checks it against the root the functions were compiled from. */
  schema: RJSFSchema;
  validator: StepValidatorType;
}

/** Where forms get their schemas and validators: the precompiled build by default; tests may pass others. */
export interface StepValidatorSource {
  /** The step-data schemas this source knows, by id. */
  readonly schemas: Readonly<Record<string, RJSFSchema>>;
  /** Throws naming the id when unknown. */
  get(schemaId: string): StepValidator;
}

const cache = new Map<string, StepValidator>();

/** The ids of schemas/step-data/*.schema.json, as compiled into this build. */
export function stepSchemaIds(): string[] {
  return Object.keys(compiledStepSchemas).sort();
}

/** The schema and precompiled rjsf validator for one step-data schema; an unknown id throws naming it. */
export function getStepValidator(schemaId: string): StepValidator {
  const cached = cache.get(schemaId);
  if (cached) return cached;
  const compiled = Object.hasOwn(compiledStepSchemas, schemaId) ? compiledStepSchemas[schemaId] : undefined;
  if (!compiled) {
    throw new Error(`No step schema '${schemaId}' in schemas/step-data (known: ${stepSchemaIds().join(', ')})`);
  }
  const entry: StepValidator = {
    schema: compiled.schema,
    validator: createPrecompiledValidator<StepFormData>(compiled.validateFns, compiled.schema),
  };
  cache.set(schemaId, entry);
  return entry;
}

export const precompiledValidators: StepValidatorSource = {
  schemas: Object.fromEntries(Object.entries(compiledStepSchemas).map(([id, compiled]) => [id, compiled.schema])),
  get: getStepValidator,
};

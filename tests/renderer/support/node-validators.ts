import type { RJSFSchema } from '@rjsf/utils';
import { schemaParser } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import { createStepAjv, loadStepSchemas } from '../../../server/validation/step-schemas';
import type { StepFormData } from '../../../src/renderer/form/types';
import type { StepValidator, StepValidatorSource } from '../../../src/renderer/form/validators';

/** The repository's step-data schemas, parsed fresh so a test may edit its copy freely. */
export function realStepSchemas(): Record<string, RJSFSchema> {
  return Object.fromEntries(loadStepSchemas().map(({ id, schema }) => [id, structuredClone(schema)]));
}

/**
 * What the build does for schemas/step-data, done here in Node for schemas a test made up: the same ajv
 * settings, one function per sub-schema keyed as rjsf looks them up, behind rjsf's precompiled validator.
 */
export function nodeValidators(schemas: Record<string, RJSFSchema>): StepValidatorSource {
  const compiled = new Map<string, StepValidator>();
  for (const [id, schema] of Object.entries(schemas)) {
    const ajv = createStepAjv();
    const parts = schemaParser(schema);
    for (const [key, part] of Object.entries(parts)) ajv.addSchema(part, key);
    const validateFns: ValidatorFunctions = {};
    for (const key of Object.keys(parts)) {
      const validate = ajv.getSchema(key);
      if (!validate) throw new Error(`schema ${id}: no validator for ${key}`);
      validateFns[key] = validate;
    }
    compiled.set(id, { schema, validator: createPrecompiledValidator<StepFormData>(validateFns, schema) });
  }
  const get = (schemaId: string): StepValidator => {
    const found = compiled.get(schemaId);
    if (!found) throw new Error(`No step schema '${schemaId}' in this test's schemas`);
    return found;
  };
  // Compiled up front: ready at once, as a loaded chunk would be.
  return { ids: Object.keys(schemas), get, load: async (schemaId) => get(schemaId) };
}

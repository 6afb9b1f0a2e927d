// Types of the modules that Vite plugins generate in memory (see scripts/vite-step-validators.ts).
declare module 'virtual:step-validators' {
  import type { RJSFSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  /** One step-data schema and its precompiled ajv functions, keyed as rjsf's precompiled validator expects. */
  export interface CompiledStepSchema {
    readonly schema: RJSFSchema;
    readonly validateFns: ValidatorFunctions;
  }

  /** Keyed by schema id, the base name of schemas/step-data/<id>.schema.json. */
  export const compiledStepSchemas: Readonly<Record<string, CompiledStepSchema>>;
}

// Types of the modules that Vite plugins generate in memory (see scripts/vite-step-validators.ts).
declare module 'virtual:step-validators' {
  import type { RJSFSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  /** Keyed by schema id, the base name of schemas/step-data/<id>.schema.json. */
  export const stepSchemas: Readonly<Record<string, RJSFSchema>>;
  /** Per schema id: loads that schema's precompiled ajv functions (a chunk of their own), keyed as rjsf expects. */
  export const validatorLoaders: Readonly<Record<string, () => Promise<ValidatorFunctions>>>;
}

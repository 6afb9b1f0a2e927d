// Types of the modules that Vite plugins generate in memory (see scripts/vite-step-validators.ts).
declare module 'virtual:step-validators' {
  import type { RJSFSchema } from '@rjsf/utils';
  import type { ValidatorFunctions } from '@rjsf/validator-ajv8';

  /** The schema ids: the base names of schemas/step-data/<id>.schema.json. */
  export const stepSchemaIds: readonly string[];
  /**
   * Per language, then per schema id: loads that schema (lists inlined) and its precompiled ajv functions, keyed as rjsf expects: a
   * chunk of their own, so a route downloads only its own step's.
   */
  export const validatorLoaders: Readonly<Record<string, Readonly<Record<string, () => Promise<{ stepSchema: RJSFSchema; validateFns: ValidatorFunctions }>>>>>;
}

// The browser build's antd token (scripts/vite-antd-build-token.ts), read by scripts/stubs/antd-*.ts.
declare module 'virtual:onboard-antd-token' {
  export const hashId: string;
  export const cssVarKey: string;
  export const token: Readonly<Record<string, unknown>>;
}

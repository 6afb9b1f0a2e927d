import type { RJSFSchema } from '@rjsf/utils';
// The deep import keeps the package index (and with it ajv's compiler) out of the bundle.
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import { stepSchemaIds as builtSchemaIds, validatorLoaders } from 'virtual:step-validators';
import type { StepFormData, StepValidatorType } from './types';
import { currentLanguage, languages } from '../../config/language';

/** The applicant's language's schemas (its messages and labels), else the default's. */
function loadersNow() {
  return validatorLoaders[currentLanguage()] ?? validatorLoaders[languages.default] ?? {};
}

export interface StepValidator {
  /** Pass this very object to the Form: rjsf checks it against the root the functions were compiled from. */
  schema: RJSFSchema;
  validator: StepValidatorType;
}

/** Where forms get their schemas and validators: the precompiled build by default; tests may pass others. */
export interface StepValidatorSource {
  /** The ids of the step-data schemas this source knows (known at once; each schema loads with its validators). */
  readonly ids: readonly string[];
  /** The schema's validator once loaded, else undefined; throws naming the id when unknown. */
  get(schemaId: string): StepValidator | undefined;
  /** Loads the schema's validator (the browser fetches its chunk once); rejects naming the id when unknown. */
  load(schemaId: string): Promise<StepValidator>;
}

/** The ids of schemas/step-data/*.schema.json, as compiled into this build. */
export function stepSchemaIds(): string[] {
  return [...builtSchemaIds].sort();
}

function unknownSchema(schemaId: string): Error {
  return new Error(`No step schema '${schemaId}' in schemas/step-data (known: ${stepSchemaIds().join(', ')})`);
}

const loaded = new Map<string, StepValidator>();
const loading = new Map<string, Promise<StepValidator>>();

/** The precompiled validator of one step-data schema, if its chunk has loaded; an unknown id throws naming it. */
export function getStepValidator(schemaId: string): StepValidator | undefined {
  if (!Object.hasOwn(loadersNow(), schemaId)) throw unknownSchema(schemaId);
  return loaded.get(`${currentLanguage()}/${schemaId}`);
}

/** Loads one schema's precompiled validator (its own chunk: a route downloads only its step's functions). */
export function loadStepValidator(schemaId: string): Promise<StepValidator> {
  const key = `${currentLanguage()}/${schemaId}`;
  const pending = loading.get(key);
  if (pending) return pending;
  const loaders = loadersNow();
  const loader = Object.hasOwn(loaders, schemaId) ? loaders[schemaId] : undefined;
  if (!loader) return Promise.reject(unknownSchema(schemaId));
  const promise = loader().then(({ stepSchema: schema, validateFns }) => {
    const entry: StepValidator = { schema, validator: createPrecompiledValidator<StepFormData>(validateFns, schema) };
    loaded.set(key, entry);
    return entry;
  });
  // A failed download may be retried (the next render asks again).
  promise.catch(() => loading.delete(key));
  loading.set(key, promise);
  return promise;
}

export const precompiledValidators: StepValidatorSource = {
  ids: builtSchemaIds,
  get: getStepValidator,
  load: loadStepValidator,
};

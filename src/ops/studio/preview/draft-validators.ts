import type { RJSFSchema } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
// What a draft's validators import, handed in (server/releases/studio/preview.ts: previewRuntimeModules).
import * as equal from 'ajv/dist/runtime/equal.js';
import * as ucs2length from 'ajv/dist/runtime/ucs2length.js';
import * as calendarDate from '../../../../core/engine/calendar-date';
import * as textRules from '../../../../core/engine/text-rules';
import type { StepFormData } from '../../../renderer/form/types';
import type { StepValidator, StepValidatorSource } from '../../../renderer/form/validators';

const runtime = {
  'ajv/dist/runtime/equal.js': equal,
  'ajv/dist/runtime/ucs2length.js': ucs2length,
  'core/engine/calendar-date.ts': calendarDate,
  'core/engine/text-rules.ts': textRules,
};

type ValidatorModule = { default: (given: typeof runtime) => { validateFns: Parameters<typeof createPrecompiledValidator>[0]; stepSchema: RJSFSchema } };

const apiBase = `${(import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api'}/ops`;

/**
 * The forms' validators of a draft in one language: each compiled by the server from the draft's schema (ajv standalone,
 * as the build compiles the app's) and imported as a module of the API's own origin, which the CSP allows (no eval).
 * Its address names the draft's version: the module of an earlier version, kept by the browser, is never shown.
 */
export function draftValidators(draftId: string, language: string, version: string, ids: readonly string[]): StepValidatorSource {
  const loaded = new Map<string, StepValidator>();
  const loading = new Map<string, Promise<StepValidator>>();
  const unknown = (id: string) => new Error(`No form '${id}' in this draft`);
  return {
    ids,
    get(id) {
      if (!ids.includes(id)) throw unknown(id);
      return loaded.get(id);
    },
    load(id) {
      if (!ids.includes(id)) return Promise.reject(unknown(id));
      let pending = loading.get(id);
      if (!pending) {
        const url = `${apiBase}/studio/drafts/${encodeURIComponent(draftId)}/preview/${language}/${id}.js?version=${version}`;
        pending = (import(/* @vite-ignore */ url) as Promise<ValidatorModule>).then((module) => {
          const { validateFns, stepSchema } = module.default(runtime);
          const entry: StepValidator = { schema: stepSchema, validator: createPrecompiledValidator<StepFormData>(validateFns, stepSchema) };
          loaded.set(id, entry);
          return entry;
        });
        pending.catch(() => loading.delete(id));
        loading.set(id, pending);
      }
      return pending;
    },
  };
}

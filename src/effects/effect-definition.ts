import type { SubmitEffect } from './types';

/**
 * One submit effect, defined once in its `<effect>.effect.ts` beside the code: the name flow-config writes as a
 * form's `"effect"`, and a loader. Reading a definition (the Node-side config check does) loads no api code, and
 * each effect loads with the page that uses it.
 */
export interface EffectDefinition<Name extends string = string> {
  /** lowerCamel; written as `"effect"` in flow-config/pages. */
  name: Name;
  load: () => Promise<SubmitEffect>;
}

/** Keeps the name's literal type, so the catalog knows every name without a list of its own. */
export function defineEffect<const Name extends string>(definition: EffectDefinition<Name>): EffectDefinition<Name> {
  return definition;
}

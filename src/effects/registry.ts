import { effectDefinitions, effectNames } from './effect-catalog';
import type { SubmitEffect } from './types';

/** Each effect definition's loader by name; an effect's code loads with the page that uses it. */
const loaders = new Map<string, () => Promise<SubmitEffect>>(effectDefinitions.map((definition) => [definition.name, definition.load]));

export async function loadEffect(name: string, where: string): Promise<SubmitEffect> {
  const load = loaders.get(name);
  if (!load) throw new Error(`No effect '${name}' for ${where} (known: ${effectNames.join(', ')})`);
  return load();
}

import { effectNames, type EffectName } from '../../core/catalog/effects';
import type { SubmitEffect } from './types';

/**
 * Where an effect name (core/catalog/effects.ts) finds its code: the module of this folder named after it in kebab
 * case (verifyPan: ./verify-pan.ts), which exports it under the name itself. Each is loaded with the page that runs
 * it, so reading the names loads no api code; a new effect is its module and its name in the catalogue.
 */
const modules = import.meta.glob<Readonly<Record<string, unknown>>>(['./*.ts', '!./registry.ts', '!./types.ts', '!./use-submit-effect.ts']);

const moduleOf = (name: EffectName) => `./${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}.ts`;

const isEffectName = (name: string): name is EffectName => (effectNames as readonly string[]).includes(name);

export async function loadEffect(name: string, where: string): Promise<SubmitEffect> {
  const load = isEffectName(name) ? modules[moduleOf(name)] : undefined;
  if (!load) throw new Error(`No effect '${name}' for ${where} (known: ${effectNames.join(', ')})`);
  const effect = (await load())[name];
  if (typeof effect !== 'function') throw new Error(`${moduleOf(name as EffectName)} exports no function '${name}' (the effect for ${where})`);
  return effect as SubmitEffect;
}

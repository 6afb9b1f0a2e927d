import { describe, expect, it } from 'vitest';
import { effectNames } from '../../core/catalog/effects';
import { screenNames } from '../../core/catalog/screens';
import { loadEffect } from '../../src/effects/registry';
import { isScreenName, screenRegistry } from '../../src/screens/registry';

describe('screens and effects: the registries bind every name of core/catalog to code of its own', () => {
  it('every screen name loads a component, each a different one, and nothing else is a screen', async () => {
    expect(Object.keys(screenRegistry).sort()).toEqual([...screenNames].sort());
    const components = [];
    for (const name of screenNames) {
      expect(isScreenName(name)).toBe(true);
      const component = await screenRegistry[name].preload();
      expect(typeof component).toBe('function');
      components.push(component);
    }
    expect(new Set(components).size).toBe(screenNames.length);
    expect(isScreenName('mobileLogn')).toBe(false);
  });

  it('every effect name loads a submit function, each a different one', async () => {
    const effects = await Promise.all(effectNames.map((name) => loadEffect(name, 'a test')));
    for (const effect of effects) expect(typeof effect).toBe('function');
    expect(new Set(effects).size).toBe(effectNames.length);
  });

  it('an unknown effect throws, naming it, where it was asked for and the known ones', async () => {
    await expect(loadEffect('verifyPann', 'page /verify-pan')).rejects.toThrow(
      `No effect 'verifyPann' for page /verify-pan (known: ${effectNames.join(', ')})`,
    );
  });
});

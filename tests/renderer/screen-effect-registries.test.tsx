import { describe, expect, it } from 'vitest';
import { effectDefinitions, effectNames } from '../../src/effects/effect-catalog';
import { loadEffect } from '../../src/effects/registry';
import { screenDefinitions, screenNames } from '../../src/screens/screen-catalog';
import { isScreenName, screenRegistry } from '../../src/screens/registry';

describe('screens and effects: one definition each, from which the catalog and the registry derive', () => {
  it('the screen registry binds exactly the defined names, each to a component that loads', async () => {
    expect(Object.keys(screenRegistry)).toEqual(screenNames);
    for (const definition of screenDefinitions) {
      expect(isScreenName(definition.name)).toBe(true);
      expect(typeof (await definition.load())).toBe('function');
      await expect(screenRegistry[definition.name].preload()).resolves.toBe(await definition.load());
    }
    expect(isScreenName('mobileLogn')).toBe(false);
  });

  it('every defined effect loads its submit function by name', async () => {
    for (const definition of effectDefinitions) {
      const effect = await loadEffect(definition.name, 'a test');
      expect(effect).toBe(await definition.load());
      expect(typeof effect).toBe('function');
    }
  });

  it('an unknown effect throws, naming it, where it was asked for and the known ones', async () => {
    await expect(loadEffect('verifyPann', 'page /verify-pan')).rejects.toThrow(
      `No effect 'verifyPann' for page /verify-pan (known: ${effectNames.join(', ')})`,
    );
  });
});

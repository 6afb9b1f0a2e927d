import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinWidgetNames } from '../../core/catalog/rjsf-widgets';
import { widgetNames, widgetOptions, type WidgetName } from '../../core/catalog/widgets';
import { preloadWidgets, widgetSet } from '../../src/renderer/widget-set';
import { widgetLoaders } from '../../widgets/registry';

const root = join(import.meta.dirname, '..', '..');
const kebab = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const camel = (folder: string): string => folder.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
const pascal = (name: string): string => name[0]!.toUpperCase() + name.slice(1);

/** Each widget folder's component module, as its folder names it: widgets/<folder>/<folder>-widget.tsx. */
const componentModules = import.meta.glob<Record<string, unknown>>('/widgets/*/*-widget.tsx', { eager: true });

describe('widgets: the catalogue (core/catalog) names them, the registry (widgets/registry.ts) binds each to its folder', () => {
  it('every widget folder is in the catalogue under the name its folder spells, and no name lacks a folder', () => {
    const folders = readdirSync(join(root, 'widgets'), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(folders.map(camel).sort()).toEqual([...widgetNames].sort());
  });

  it.each(widgetNames)("%s loads its own folder's component", async (name) => {
    const module = componentModules[`/widgets/${kebab(name)}/${kebab(name)}-widget.tsx`];
    expect(module?.[`${pascal(name)}Widget`]).toBeTypeOf('function');
    expect(await widgetLoaders[name]()).toBe(module?.[`${pascal(name)}Widget`]);
  });

  it('the registry binds exactly the catalogue names', () => {
    expect(Object.keys(widgetLoaders).sort()).toEqual([...widgetNames].sort());
  });

  it('each options schema file belongs to the widget it is named after, and each widget has its own', () => {
    const dir = join(root, 'core', 'catalog', 'widget-options');
    const files = readdirSync(dir).filter((file) => file.endsWith('.schema.json'));
    expect(files.map((file) => camel(file.replace('.schema.json', ''))).sort()).toEqual([...widgetNames].sort());
    for (const file of files) {
      const name = camel(file.replace('.schema.json', '')) as WidgetName;
      expect(widgetOptions[name]).toEqual(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    }
  });

  it("has no name that shadows one of rjsf's own widgets", () => {
    expect(widgetNames.filter((name) => (builtinWidgetNames as readonly string[]).includes(name))).toEqual([]);
  });

  it.each(widgetNames)("%s: its options schema refuses unknown keys, so a misspelt 'ui:options' key is caught", (name) => {
    expect(widgetOptions[name]).toMatchObject({ type: 'object', additionalProperties: false });
  });

  it('a widget set loads a widget once, when first asked for, and ignores names it does not hold', async () => {
    let loads = 0;
    const set = widgetSet({ probe: async () => (loads++, widgetLoaders.uppercaseText()) });
    expect(set.toLoad(['probe', 'probe', 'noSuchWidget'])).toHaveLength(1);
    await preloadWidgets(set, ['probe']);
    await preloadWidgets(set);
    expect(set.toLoad(['probe'])).toEqual([]);
    expect(loads).toBe(1);
  });
});

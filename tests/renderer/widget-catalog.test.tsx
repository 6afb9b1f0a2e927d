import { describe, expect, it } from 'vitest';
import { getWidgetDefinition, preloadWidgets, widgets } from '../../widgets/registry';
import { builtinWidgetNames, widgetCatalog, widgetDefinitions, widgetNames } from '../../widgets/widget-catalog';

describe('widgets: one definition per folder, from which the catalog and the registry derive', () => {
  it('the catalog (what the Node-side config check reads) and the registry name exactly the definitions', () => {
    const names = widgetDefinitions.map((definition) => definition.name);
    expect(widgetNames).toEqual(names);
    expect(Object.keys(widgetCatalog)).toEqual(names);
    expect(Object.keys(widgets)).toEqual(names);
    for (const definition of widgetDefinitions) expect(widgetCatalog[definition.name]).toBe(definition.optionsSchema);
    expect(new Set(names).size).toBe(names.length);
  });

  it("has no name that shadows one of rjsf's own widgets", () => {
    expect(widgetNames.filter((name) => (builtinWidgetNames as readonly string[]).includes(name))).toEqual([]);
  });

  it.each(widgetNames)("%s: its options schema refuses unknown keys, so a misspelt 'ui:options' key is caught", (name) => {
    expect(getWidgetDefinition(name).optionsSchema).toMatchObject({ type: 'object', additionalProperties: false });
  });

  it('every widget loads its component, and the registry renders it once loaded', async () => {
    await preloadWidgets();
    for (const definition of widgetDefinitions) {
      const component = await definition.component();
      expect(typeof component).toBe('function');
      expect((widgets[definition.name] as unknown as { loaded: () => boolean }).loaded()).toBe(true);
    }
  });

  it('an unknown name throws, naming it and the known ones', () => {
    expect(() => getWidgetDefinition('bankSerch', 'page /link-bank-account')).toThrow(
      `No widget 'bankSerch' for page /link-bank-account (known: ${widgetNames.join(', ')})`,
    );
  });
});

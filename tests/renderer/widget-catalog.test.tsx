import { describe, expect, it } from 'vitest';
import { widgetDefinitions, widgets } from '../../widgets/registry';
import { builtinWidgetNames, widgetCatalog, widgetNames } from '../../widgets/widget-catalog';

describe('widgets/widget-catalog.ts (what the Node-side config check reads)', () => {
  it('names exactly the widgets the registry binds, with the same options schemas', () => {
    expect(widgetDefinitions.map((definition) => definition.name)).toEqual(widgetNames);
    for (const definition of widgetDefinitions) {
      expect(definition.optionsSchema).toBe(widgetCatalog[definition.name as keyof typeof widgetCatalog]);
    }
    expect(Object.keys(widgets)).toEqual(widgetNames);
  });

  it("has no name that shadows one of rjsf's own widgets", () => {
    expect(widgetNames.filter((name) => (builtinWidgetNames as readonly string[]).includes(name))).toEqual([]);
  });
});

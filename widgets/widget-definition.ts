import type { StepWidget } from '../src/renderer/public-api';

export type WidgetOptionsSchema = Readonly<Record<string, unknown>>;

/**
 * One widget, defined once in its folder's index.ts: the name config writes as `"ui:widget"`, the component,
 * and the JSON Schema of its `ui:options` (which refuses unknown keys). The component is a loader, so reading
 * the definitions (the Node-side config check does) loads no React, and each widget is a chunk of its own.
 */
export interface WidgetDefinition<Name extends string = string> {
  /** lowerCamel; written as `"ui:widget"` in flow-config. */
  name: Name;
  component: () => Promise<StepWidget>;
  /** Lets `npm run check:config` catch misused or misspelt options before they run. */
  optionsSchema: WidgetOptionsSchema;
}

/** Keeps the name's literal type, so the catalog knows every name without a list of its own. */
export function defineWidget<const Name extends string>(definition: WidgetDefinition<Name>): WidgetDefinition<Name> {
  return definition;
}

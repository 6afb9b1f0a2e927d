import type { FormContextType, RegistryWidgetsType, RJSFSchema } from '@rjsf/utils';
import { lazyWidget, type LazyWidget, type StepFormData } from '../src/renderer/public-api';
import type { WidgetDefinition } from './widget-definition';
import { widgetDefinitions, type WidgetName } from './widget-catalog';

/** The only place a widget name is bound to code: each definition's component, loaded on first use. */
const components = new Map<string, LazyWidget>(widgetDefinitions.map((definition) => [definition.name, lazyWidget(definition.component)]));

/** rjsf's `widgets` map, keyed by the names flow-config writes in `"ui:widget"`. */
export const widgets: RegistryWidgetsType<StepFormData, RJSFSchema, FormContextType> = Object.fromEntries(components);

/** The definition for `name`; an unknown name throws, naming it and where it was asked for. */
export function getWidgetDefinition(name: string, where?: string): WidgetDefinition<WidgetName> {
  const found = widgetDefinitions.find((definition) => definition.name === name);
  if (!found) {
    const known = widgetDefinitions.map((definition) => definition.name).join(', ');
    throw new Error(`No widget '${name}'${where ? ` for ${where}` : ''} (known: ${known})`);
  }
  return found;
}

/** Registered widgets among `names` whose code has not loaded yet. */
export function widgetsToLoad(names: Iterable<string>): LazyWidget[] {
  return [...new Set(names)].flatMap((name) => {
    const component = components.get(name);
    return component && !component.loaded() ? [component] : [];
  });
}

/** Loads the code of the widgets named (all, by default), e.g. before a form shows or a test renders one. */
export async function preloadWidgets(names: Iterable<string> = components.keys()): Promise<void> {
  await Promise.all(widgetsToLoad(names).map((component) => component.preload()));
}

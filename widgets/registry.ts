import type { FormContextType, RegistryWidgetsType, RJSFSchema } from '@rjsf/utils';
import type { StepFormData } from '../src/renderer/form/types';
import { dateInputWidget } from './date-input';
import { uppercaseTextWidget } from './uppercase-text';
import type { WidgetDefinition } from './widget-definition';

/** The only place a widget name is bound to code. */
export const widgetDefinitions: readonly WidgetDefinition[] = [dateInputWidget, uppercaseTextWidget];

/** rjsf's `widgets` map, keyed by the names flow-config writes in `"ui:widget"`. */
export const widgets: RegistryWidgetsType<StepFormData, RJSFSchema, FormContextType> = Object.fromEntries(
  widgetDefinitions.map((definition) => [definition.name, definition.component]),
);

/** The definition for `name`; an unknown name throws, naming it and where it was asked for. */
export function getWidgetDefinition(name: string, where?: string): WidgetDefinition {
  const found = widgetDefinitions.find((definition) => definition.name === name);
  if (!found) {
    const known = widgetDefinitions.map((definition) => definition.name).join(', ');
    throw new Error(`No widget '${name}'${where ? ` for ${where}` : ''} (known: ${known})`);
  }
  return found;
}

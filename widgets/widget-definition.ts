import type { FormContextType, RJSFSchema, Widget } from '@rjsf/utils';
import type { StepFormData } from '../src/renderer/public-api';

/** One registered widget: the name config uses, the component, and the JSON Schema of its `ui:options`. */
export interface WidgetDefinition {
  /** lowerCamel; written as `"ui:widget"` in flow-config. */
  name: string;
  component: Widget<StepFormData, RJSFSchema, FormContextType>;
  /** Lets `npm run check:config` catch misused options before they run. */
  optionsSchema: Readonly<Record<string, unknown>>;
}

import type { FormContextType, RegistryWidgetsType, RJSFSchema } from '@rjsf/utils';
import { createContext, use } from 'react';
import { lazyWidget, type LazyWidget } from './lazy-widget';
import type { StepFormData, StepWidget } from './form/types';

/**
 * The widgets a form renders `"ui:widget"` names with, handed to the renderer (as rjsf's Form takes `widgets`) by
 * the app, which binds names to code in widgets/registry.ts. The renderer never imports a widget.
 */
export interface FormWidgets {
  /** rjsf's `widgets` map: each a lazy widget, whose code loads on first use or ahead of it. */
  widgets: RegistryWidgetsType<StepFormData, RJSFSchema, FormContextType>;
  /** Registered widgets among `names` whose code has not loaded yet. */
  toLoad(names: Iterable<string>): LazyWidget[];
}

/** A widget set from loaders by name: each widget is its own chunk, loaded the first time a form needs it. */
export function widgetSet(loaders: Readonly<Record<string, () => Promise<StepWidget>>>): FormWidgets {
  const components = new Map(Object.entries(loaders).map(([name, load]) => [name, lazyWidget(load)]));
  return {
    widgets: Object.fromEntries(components),
    toLoad: (names) =>
      [...new Set(names)].flatMap((name) => {
        const component = components.get(name);
        return component && !component.loaded() ? [component] : [];
      }),
  };
}

/** Loads the code of the widgets named (every one of the set, by default), e.g. before a form shows. */
export async function preloadWidgets(set: FormWidgets, names: Iterable<string> = Object.keys(set.widgets)): Promise<void> {
  await Promise.all(set.toLoad(names).map((component) => component.preload()));
}

export const FormWidgetsContext = createContext<FormWidgets | null>(null);

export function useFormWidgets(): FormWidgets {
  const set = use(FormWidgetsContext);
  if (!set) throw new Error('a form needs its widgets: render it under <FormWidgetsContext value={…}> (the app does)');
  return set;
}

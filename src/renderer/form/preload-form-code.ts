import { preloadWidgets, type FormWidgets } from '../widget-set';
import { widgetNamesIn } from './use-widgets-ready';
import { loadStepValidator } from './validators';

/** Loads what a page's forms wait for before they show: each schema's validators and the widgets its uiSchema names. */
export function preloadFormCode(forms: { schema: string; uiSchema?: unknown }[], widgets: FormWidgets): Promise<unknown> {
  const names = forms.flatMap(({ uiSchema }) => widgetNamesIn(uiSchema));
  return Promise.all([...forms.map(({ schema }) => loadStepValidator(schema)), preloadWidgets(widgets, names)]);
}

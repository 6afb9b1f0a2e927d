import { pageForms, type PageConfig } from '../../core/engine/config-types';
import type { FormWidgets } from './widget-set';

/**
 * Starts downloading a page's step validators and the widgets its forms name beside its code, so the form waits
 * for none of them in turn. Never rejects: a failure is left to the form, which asks again and says so.
 */
export function preloadPageValidators(page: PageConfig | undefined, widgets: FormWidgets): Promise<unknown> {
  const forms = pageForms(page).flatMap(({ schema, uiSchema }) => (typeof schema === 'string' ? [{ schema, uiSchema }] : []));
  if (forms.length === 0) return Promise.resolve();
  return import('./form/preload-form-code').then(({ preloadFormCode }) => preloadFormCode(forms, widgets)).catch(() => undefined);
}

import { isFormPage, type PageConfig } from '../../core/engine/config-types';
import { isScreenName, screenRegistry } from '../screens/registry';
import type { FormWidgets } from './widget-set';
import { FormPage } from './lazy-form-page';
import { preloadPageValidators } from './preload-validators';

/** Loads a page's code (its form page and step validators, or its screen); never rejects: the page says so when it renders. */
export function preloadPage(page: PageConfig | undefined, widgets: FormWidgets): Promise<unknown> {
  const validators = preloadPageValidators(page, widgets);
  if (!page) return validators;
  const code = isFormPage(page) ? FormPage.preload() : isScreenName(page.screen) ? screenRegistry[page.screen].preload() : undefined;
  return Promise.all([validators, code?.catch(() => undefined)]);
}

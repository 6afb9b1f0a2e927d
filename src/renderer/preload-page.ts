import { isFormPage, type PageConfig } from '../../core/engine/config-types';
import { isScreenName, screenRegistry, showsFormsLater } from '../screens/registry';
import type { FormWidgets } from './widget-set';
import { FormPage } from './lazy-form-page';
import { preloadPageValidators } from './preload-validators';

/**
 * Loads what a page's first view draws: its form page and step validators, or its screen with the forms it draws at
 * once. A screen that shows its forms on a later view (the bank's manual entry) loads them once the applicant starts
 * on the page (useLaterViewsPreload). Never rejects: the page says so when it renders.
 */
export function preloadPage(page: PageConfig | undefined, widgets: FormWidgets): Promise<unknown> {
  if (!page) return Promise.resolve();
  if (isFormPage(page)) return Promise.all([preloadPageValidators(page, widgets), FormPage.preload().catch(() => undefined)]);
  if (!isScreenName(page.screen)) return Promise.resolve();
  const forms = showsFormsLater(page.screen) ? undefined : preloadPageValidators(page, widgets);
  return Promise.all([forms, screenRegistry[page.screen].preload().catch(() => undefined)]);
}

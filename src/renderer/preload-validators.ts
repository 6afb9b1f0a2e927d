import { pageForm, type PageConfig } from '../engine/config-types';

/**
 * Starts downloading a page's step validators beside its code, so the form waits for neither in turn. A
 * failure is left to the form, which asks again and says so.
 */
export function preloadPageValidators(page: PageConfig | undefined): void {
  const schema = pageForm(page)?.schema;
  if (typeof schema !== 'string') return;
  import('./form/validators').then(({ loadStepValidator }) => loadStepValidator(schema)).catch(() => undefined);
}

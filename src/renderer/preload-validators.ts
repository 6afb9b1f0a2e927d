import { pageForms, type PageConfig } from '../engine/config-types';

/**
 * Starts downloading a page's step validators beside its code, so the form waits for neither in turn. A
 * failure is left to the form, which asks again and says so.
 */
export function preloadPageValidators(page: PageConfig | undefined): Promise<unknown> {
  const schemas = pageForms(page).flatMap(({ schema }) => (typeof schema === 'string' ? [schema] : []));
  if (schemas.length === 0) return Promise.resolve();
  return import('./form/validators')
    .then(({ loadStepValidator }) => Promise.all(schemas.map((schema) => loadStepValidator(schema))))
    .catch(() => undefined);
}

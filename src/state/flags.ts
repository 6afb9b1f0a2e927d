import { atom } from 'jotai';
import { storageKeys } from './persisted';

/** The one-shot 'redirected' flag (spec 4): plain localStorage, read by the guard at the root path. */
export function readRedirected(): boolean {
  return localStorage.getItem(storageKeys.redirected) === 'true';
}

export function setRedirected(): void {
  localStorage.setItem(storageKeys.redirected, 'true');
}

export function clearRedirected(): void {
  localStorage.removeItem(storageKeys.redirected);
}

/**
 * Set once per app (RuntimeOptions.pagesBeforeUser): a signed-in page renders before the applicant has loaded when
 * it can (a form, or a screen that draws without them: src/screens/registry.ts), as the build prerendered it.
 */
export const pagesBeforeUserAtom = atom(false);

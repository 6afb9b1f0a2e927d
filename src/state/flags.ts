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

/** Set once per app (RuntimeOptions.formsBeforeUser): signed-in form pages render before the applicant has loaded. */
export const formsBeforeUserAtom = atom(false);

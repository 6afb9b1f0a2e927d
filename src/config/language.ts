import languagesFile from '@flow-config/languages.json';
import { acceptedLanguage, declaredLanguage, languageStorageKey, type LanguagesConfig } from '../../core/engine/languages';

/** flow-config/languages.json: the languages the applicant may choose, and the one the config is written in. */
export const languages = languagesFile as LanguagesConfig;

/** Kept apart from the session's keys: a language outlives a logout, and never stops a first visit hydrating. */
const storageKey = languageStorageKey;

function stored(): string | undefined {
  try {
    return declaredLanguage(languages, localStorage.getItem(storageKey));
  } catch {
    return undefined;
  }
}

/** The first visit follows ?lang=, then the applicant's earlier choice here, then the browser's languages. */
function initialLanguage(): string {
  if (typeof window === 'undefined') return languages.default;
  const asked = declaredLanguage(languages, new URLSearchParams(window.location.search).get('lang'));
  if (asked) return asked;
  return stored() ?? acceptedLanguage(languages, navigator.languages.join(',')) ?? languages.default;
}

let current = initialLanguage();
const listeners = new Set<() => void>();

export function currentLanguage(): string {
  return current;
}

/** Whether the applicant chose a language on this device (their choice then wins over the one stored with them). */
export function languageChosenHere(): boolean {
  return stored() !== undefined;
}

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Switches the app's language; `remember` keeps it on this device (an explicit choice). */
export function setLanguage(code: string, { remember = true } = {}): void {
  const declared = declaredLanguage(languages, code);
  if (!declared) return;
  if (remember) {
    try {
      localStorage.setItem(storageKey, declared);
    } catch {
      // Storage blocked: the choice lasts for this page.
    }
  }
  if (declared === current) return;
  current = declared;
  for (const listener of listeners) listener();
}

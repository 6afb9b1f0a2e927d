import type { StepFormData } from './types';

/** Where an applicant is in a paged form, kept in localStorage so a reload resumes there. */
export interface PageProgress {
  page: number;
  data: StepFormData;
  /** Set by a rule dialog's reselect: the page to return to once the reselected question is answered. */
  returnTo: number | null;
}

export const progressKey = (route: string, userId: string): string => `progress:${route}:${userId}`;

/**
 * Stored progress as the current config allows it, or undefined when there is none: the page within range, and
 * the data through `fit` (which drops what the schema no longer accepts), so a config edit never restores a stale
 * answer.
 */
export function restoreProgress(raw: unknown, pageCount: number, fit: (data: StepFormData) => StepFormData): PageProgress | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  // `step` and `answers` are how the hand-written personal-details wizard stored its progress: still honoured.
  const stored = raw as Partial<Record<keyof PageProgress | 'step' | 'answers', unknown>>;
  const given = stored.data ?? stored.answers;
  const data = given && typeof given === 'object' && !Array.isArray(given) ? (given as StepFormData) : {};
  const index = (value: unknown): number | null =>
    typeof value === 'number' && Number.isInteger(value) ? Math.max(0, Math.min(pageCount - 1, value)) : null;
  return { page: index(stored.page ?? stored.step) ?? 0, returnTo: index(stored.returnTo), data: fit(data) };
}

export function loadProgress(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function saveProgress(key: string, progress: PageProgress): void {
  try {
    localStorage.setItem(key, JSON.stringify(progress));
  } catch {
    // Storage full or blocked (private mode): the form still works, only resuming after a reload is lost.
  }
}

export function clearProgress(key: string): void {
  localStorage.removeItem(key);
}

import type { QuestionStep } from './options';
import { type Answers, type ObjectSchema, schemaEnum, stepFields } from './questions';

/** Where the applicant is in the questions, kept in localStorage so a reload resumes there. */
export interface WizardProgress {
  step: number;
  answers: Answers;
  /** Set by 'Reselect Income': the step to return to once the reselected question is answered. */
  returnTo: number | null;
}

export const progressKey = (route: string, userId: string): string => `progress:${route}:${userId}`;

/** Keeps only what the current config and schema still allow: a config edit never restores a stale answer. */
export function sanitiseProgress(raw: unknown, steps: QuestionStep[], schema: ObjectSchema, fallback: WizardProgress): WizardProgress {
  if (!raw || typeof raw !== 'object') return fallback;
  const stored = raw as Partial<WizardProgress>;
  const answers: Answers = { ...fallback.answers };
  const given = stored.answers && typeof stored.answers === 'object' ? stored.answers : {};
  for (const field of steps.flatMap(stepFields)) {
    const value = given[field];
    const allowed = schemaEnum(schema, field);
    if (typeof value === 'boolean') answers[field] = value;
    else if (typeof value === 'string' && (allowed.length === 0 || allowed.includes(value))) answers[field] = value;
    else if (Array.isArray(value)) {
      const kept = value.filter((item): item is string => typeof item === 'string' && (allowed.length === 0 || allowed.includes(item)));
      answers[field] = [...new Set([...lockedValues(steps, field), ...kept])];
    }
  }
  const last = steps.length - 1;
  const index = (value: unknown): number | null =>
    typeof value === 'number' && Number.isInteger(value) ? Math.max(0, Math.min(last, value)) : null;
  return { step: index(stored.step) ?? 0, answers, returnTo: index(stored.returnTo) };
}

function lockedValues(steps: QuestionStep[], field: string): string[] {
  const step = steps.find((candidate) => candidate.type === 'segments' && candidate.field === field);
  return step?.type === 'segments' ? step.segments.filter((segment) => segment.locked).map((segment) => segment.value) : [];
}

export function loadProgress(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

export function saveProgress(key: string, progress: WizardProgress): void {
  try {
    localStorage.setItem(key, JSON.stringify(progress));
  } catch {
    // Storage full or blocked (private mode): the questions still work, only resuming after a reload is lost.
  }
}

export function clearProgress(key: string): void {
  localStorage.removeItem(key);
}

import { useCallback, useEffect, useState } from 'react';
import type { QuestionStep } from './options';
import { type Answer, type ObjectSchema, initialAnswers } from './questions';
import { type WizardProgress, loadProgress, sanitiseProgress, saveProgress } from './progress-store';

export interface Wizard extends WizardProgress {
  /** Records an answer without moving. */
  answer: (field: string, value: Answer) => void;
  /** Records a choice and moves on: to the step that sent the applicant back here, else to the next step. */
  choose: (field: string, value: string) => void;
  next: () => void;
  back: () => void;
  /** Jumps to `step`; with `returnTo`, the next choice there comes back. */
  goTo: (step: number, returnTo?: number) => void;
}

/** The questions' state: one step at a time, restored from and saved to localStorage under `storageKey`. */
export function useWizard(steps: QuestionStep[], schema: ObjectSchema, storageKey: string): Wizard {
  const [progress, setProgress] = useState<WizardProgress>(() =>
    sanitiseProgress(loadProgress(storageKey), steps, schema, { step: 0, answers: initialAnswers(steps), returnTo: null }),
  );

  useEffect(() => saveProgress(storageKey, progress), [storageKey, progress]);

  const last = steps.length - 1;
  const answer = useCallback((field: string, value: Answer) => {
    setProgress((current) => ({ ...current, answers: { ...current.answers, [field]: value } }));
  }, []);
  const choose = useCallback(
    (field: string, value: string) => {
      setProgress((current) => ({
        answers: { ...current.answers, [field]: value },
        step: current.returnTo ?? Math.min(last, current.step + 1),
        returnTo: null,
      }));
    },
    [last],
  );
  const next = useCallback(() => setProgress((current) => ({ ...current, step: Math.min(last, current.step + 1), returnTo: null })), [last]);
  const back = useCallback(() => setProgress((current) => ({ ...current, step: Math.max(0, current.step - 1), returnTo: null })), []);
  const goTo = useCallback(
    (step: number, returnTo?: number) =>
      setProgress((current) => ({ ...current, step: Math.max(0, Math.min(last, step)), returnTo: returnTo ?? null })),
    [last],
  );

  return { ...progress, answer, choose, next, back, goTo };
}

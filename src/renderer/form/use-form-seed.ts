import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { UserDetails } from '../../../core/api/types';
import { userDetailsAtom } from '../../state/account';
import { recordAnswers } from './form-data';
import type { StepFormData } from './types';

export interface FormSeed {
  /** Changes when the form must start over from `initial`: give it to the form as its `key`. */
  key: number;
  /** What the applicant already gave (say, a PAN on the way back to it). */
  initial: StepFormData;
  /** The applicant the form is for, once it is: what a form keyed by applicant (stored progress) keys by. */
  owner: string | null;
  /** Spread on the element around the form: any touch inside it means the applicant has begun (focus alone does not: the page moves it to the heading). */
  begin: Record<'onInputCapture' | 'onKeyDownCapture' | 'onPointerDownCapture', (event: SyntheticEvent) => void>;
}

/**
 * A form's starting answers. Over a prerendered page the form is drawn before the applicant's record has loaded;
 * when it arrives the form starts over with it, unless the applicant has already begun (typed, pressed a key, tapped):
 * then what they gave stays, and the record's answers are not forced on them. `startsOver` says whether the record
 * changes anything for this form (an answer to one of its fields, stored progress); when it does not, the form drawn
 * stays as it is: drawing it again would paint it a second time (and make that the page's largest paint).
 */
export function useFormSeed(startsOver: (user: UserDetails) => boolean): FormSeed {
  const user = useAtomValue(userDetailsAtom);
  const begun = useRef(false);
  const [seed, setSeed] = useState(() => ({ key: 0, waiting: user === null, initial: recordAnswers(user), owner: user?.id ?? null }));
  // The owner changes with the seed, never before it: a form still drawn for no one must not write to the
  // applicant's stored progress in the moment before it starts over with it.
  useEffect(() => {
    if (!user || !seed.waiting) return;
    setSeed((current) =>
      begun.current || !startsOver(user)
        ? { ...current, waiting: false, owner: user.id }
        : { key: current.key + 1, waiting: false, initial: recordAnswers(user), owner: user.id },
    );
    // startsOver is asked once, when the applicant arrives.
  }, [user, seed.waiting]);
  const mark = () => {
    begun.current = true;
  };
  return { key: seed.key, initial: seed.initial, owner: seed.owner, begin: { onInputCapture: mark, onKeyDownCapture: mark, onPointerDownCapture: mark } };
}

/** Whether the record answers any of these fields (a form's top-level properties). */
export function answersAny(user: UserDetails, fields: readonly string[]): boolean {
  const answers = recordAnswers(user);
  return fields.some((field) => field in answers);
}

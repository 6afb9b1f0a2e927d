import { atom, useAtom, type PrimitiveAtom } from 'jotai';
import { useMemo } from 'react';

/** The form slice of spec section 3, one per form name. */
export type FormStatus = 'idle' | 'loading' | 'success' | 'error';

export interface FormError {
  isError: boolean;
  type: string;
  message: string;
}

export interface FormState {
  status: FormStatus;
  error: FormError;
}

export const noError: FormError = { isError: false, type: '', message: '' };
export const idleForm: FormState = { status: 'idle', error: noError };

/** A tiny atom family (jotai's own is deprecated): one atom per form name; values still live per store. */
const formAtoms = new Map<string, PrimitiveAtom<FormState>>();

export function formStatusAtom(name: string): PrimitiveAtom<FormState> {
  let found = formAtoms.get(name);
  if (!found) {
    found = atom<FormState>(idleForm);
    formAtoms.set(name, found);
  }
  return found;
}

export interface FormStatusControls {
  state: FormState;
  loading: boolean;
  start: () => void;
  succeed: () => void;
  fail: (type: string, message: string) => void;
  reset: () => void;
}

export function useFormStatus(name: string): FormStatusControls {
  const [state, setState] = useAtom(formStatusAtom(name));
  const actions = useMemo(
    () => ({
      start: () => setState({ status: 'loading', error: noError }),
      succeed: () => setState({ status: 'success', error: noError }),
      fail: (type: string, message: string) => setState({ status: 'error', error: { isError: true, type, message } }),
      reset: () => setState(idleForm),
    }),
    [setState],
  );
  return { state, loading: state.status === 'loading', ...actions };
}

import { atom, type WritableAtom } from 'jotai';
import { RESET } from 'jotai/utils';

/** Storage keys in one place, so logout and tests know what exists. */
export const storageKeys = {
  authToken: 'authToken',
  verifyToken: 'verifyToken',
  mobileNumber: 'mobileNumber',
  email: 'emailState',
  prefillPhone: 'prefillPhone',
  redirectAfterLogin: 'redirectAfterLogin',
  rekycId: 'rekycId',
  tracking: 'tracking',
  redirected: 'redirected',
  acceptedNotice: 'acceptedNotice',
} as const;

export type StoredUpdate<T> = T | typeof RESET | ((previous: T) => T);
export type StoredAtom<T> = WritableAtom<T, [StoredUpdate<T>], void>;

function read<T>(storage: Storage, key: string, initial: T): T {
  const raw = storage.getItem(key);
  if (raw === null) return initial;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return initial;
  }
}

/** What the tab's session storage holds under `key` (effects, which run outside React, read link data so). */
export function sessionValue<T>(key: string, initial: T): T {
  return read(sessionStorage, key, initial);
}

/**
 * A JSON value kept in Web Storage. Unlike jotai's atomWithStorage (which reads storage once, when the
 * module loads), the stored value is read when a store first uses the atom, so each app instance
 * (and each test) starts from what storage holds at that moment, and the first render already has it.
 */
function storedAtom<T>(getStorage: () => Storage, key: string, initial: T): StoredAtom<T> {
  const written = atom<{ value: T } | null>(null);
  return atom(
    (get) => {
      const own = get(written);
      return own ? own.value : read(getStorage(), key, initial);
    },
    (get, set, update: StoredUpdate<T>) => {
      const current = get(written)?.value ?? read(getStorage(), key, initial);
      const next = typeof update === 'function' ? (update as (previous: T) => T)(current) : update;
      if (next === RESET) {
        getStorage().removeItem(key);
        set(written, { value: initial });
        return;
      }
      getStorage().setItem(key, JSON.stringify(next));
      set(written, { value: next });
    },
  );
}

export function localAtom<T>(key: string, initial: T): StoredAtom<T> {
  return storedAtom(() => localStorage, key, initial);
}

export function sessionAtom<T>(key: string, initial: T): StoredAtom<T> {
  return storedAtom(() => sessionStorage, key, initial);
}

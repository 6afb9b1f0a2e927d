import { RESET } from 'jotai/utils';
import type { createStore } from 'jotai';
import type { ApiClient } from '../api/client';
import { logout } from '../api/auth';
import { clearAccountAtom } from '../state/account';
import { emailStateAtom } from '../state/email';
import { clearCookies, sessionCookies } from '../state/cookies';

export type Store = ReturnType<typeof createStore>;

/** 401: the stored session is no longer valid; forget the tokens and user. */
export function clearSession(store: Store): void {
  store.set(clearAccountAtom);
}

/**
 * Logout (spec 4): tell the server, then clear everything even if that call failed
 * (spec 8: a 500 on the logout URL still ends the session).
 */
export async function endSession(api: ApiClient, store: Store): Promise<void> {
  try {
    await logout(api);
  } catch {
    // The session ends on this device regardless.
  }
  localStorage.clear();
  sessionStorage.clear();
  clearCookies(sessionCookies);
  store.set(clearAccountAtom);
  store.set(emailStateAtom, RESET);
}

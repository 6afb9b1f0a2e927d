import { atom } from 'jotai';
import { RESET } from 'jotai/utils';
import type { UserDetails } from '../../core/api/types';
import { localAtom, sessionAtom, storageKeys } from './persisted';

/** Account state of spec section 3. Tokens and the number survive a reload; the rest is per page load. */
export const authTokenAtom = localAtom<string | null>(storageKeys.authToken, null);
/** Only needed between /login and /verify-otp, so it lives and dies with the tab. */
export const verifyTokenAtom = sessionAtom<string | null>(storageKeys.verifyToken, null);
/** The Privacy Notice version ticked on /login, sent with the code (first sign-in records it); the tab's only. */
export const acceptedNoticeAtom = sessionAtom<string | null>(storageKeys.acceptedNotice, null);
export const mobileNumberAtom = localAtom<string | null>(storageKeys.mobileNumber, null);
export const isOtpResentAtom = atom(false);
export const isOtpVerifiedAtom = atom(false);
export const isStepChangedAtom = atom(false);
export const userDetailsAtom = atom<UserDetails | null>(null);

/** Start-up and sign-in helpers kept for the tab: a read-only login prefill, the path to return to, link data. */
export const prefillPhoneAtom = sessionAtom<string | null>(storageKeys.prefillPhone, null);
export const redirectAfterLoginAtom = sessionAtom<string | null>(storageKeys.redirectAfterLogin, null);
export const rekycIdAtom = sessionAtom<string | null>(storageKeys.rekycId, null);

export interface Tracking {
  referrer?: string;
  source?: string;
}
export const trackingAtom = sessionAtom<Tracking>(storageKeys.tracking, {});

/** Clears the account state; RESET also removes the stored tokens and number (401, logout). */
export const clearAccountAtom = atom(null, (_get, set) => {
  set(authTokenAtom, RESET);
  set(verifyTokenAtom, RESET);
  set(mobileNumberAtom, RESET);
  set(isOtpResentAtom, false);
  set(isOtpVerifiedAtom, false);
  set(isStepChangedAtom, false);
  set(userDetailsAtom, null);
});

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { ScreenProps } from './screen-props';
import { screenNames, type ScreenName } from './screen-names';

type LazyScreen = LazyExoticComponent<ComponentType<ScreenProps>>;

/** The only place a screen name from config is bound to code; each screen is its own chunk. */
export const screenRegistry: Record<ScreenName, LazyScreen> = {
  mobileLogin: lazy(() => import('./mobile-login').then((m) => ({ default: m.MobileLogin }))),
  mobileOtp: lazy(() => import('./mobile-otp').then((m) => ({ default: m.MobileOtp }))),
  emailEntry: lazy(() => import('./email-entry').then((m) => ({ default: m.EmailEntry }))),
  emailOtp: lazy(() => import('./email-otp').then((m) => ({ default: m.EmailOtp }))),
  resume: lazy(() => import('./resume').then((m) => ({ default: m.Resume }))),
  completed: lazy(() => import('./completed').then((m) => ({ default: m.Completed }))),
  refresh: lazy(() => import('./refresh').then((m) => ({ default: m.Refresh }))),
  modification: lazy(() => import('./modification/modification').then((m) => ({ default: m.Modification }))),
  linkBank: lazy(() => import('./bank/link-bank').then((m) => ({ default: m.LinkBank }))),
  identityCheck: lazy(() => import('./identity/identity-check').then((m) => ({ default: m.IdentityCheck }))),
  aadhaarEsign: lazy(() => import('./identity/aadhaar-esign').then((m) => ({ default: m.AadhaarEsign }))),
  incomeProof: lazy(() => import('./income-proof/income-proof').then((m) => ({ default: m.IncomeProof }))),
  incomeProofCallback: lazy(() => import('./income-proof/income-proof-callback').then((m) => ({ default: m.IncomeProofCallback }))),
};

export function isScreenName(name: string): name is ScreenName {
  return (screenNames as readonly string[]).includes(name);
}

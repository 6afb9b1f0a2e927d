import { preloadable, type PreloadableScreen } from './preloadable';
import { screenNames, type ScreenName } from './screen-names';

/**
 * The only place a screen name from config is bound to code; each screen is its own chunk.
 * (bench/bundle-budgets reads the `name: preloadable(() => import('…'))` lines to know each screen's chunk.)
 */
export const screenRegistry: Record<ScreenName, PreloadableScreen> = {
  mobileLogin: preloadable(() => import('./mobile-login').then((m) => m.MobileLogin)),
  mobileOtp: preloadable(() => import('./mobile-otp').then((m) => m.MobileOtp)),
  emailEntry: preloadable(() => import('./email-entry').then((m) => m.EmailEntry)),
  emailOtp: preloadable(() => import('./email-otp').then((m) => m.EmailOtp)),
  resume: preloadable(() => import('./resume').then((m) => m.Resume)),
  completed: preloadable(() => import('./completed').then((m) => m.Completed)),
  refresh: preloadable(() => import('./refresh').then((m) => m.Refresh)),
  modification: preloadable(() => import('./modification/modification').then((m) => m.Modification)),
  linkBank: preloadable(() => import('./bank/link-bank').then((m) => m.LinkBank)),
  identityCheck: preloadable(() => import('./identity/identity-check').then((m) => m.IdentityCheck)),
  aadhaarEsign: preloadable(() => import('./identity/aadhaar-esign').then((m) => m.AadhaarEsign)),
  incomeProof: preloadable(() => import('./income-proof/income-proof').then((m) => m.IncomeProof)),
  incomeProofCallback: preloadable(() => import('./income-proof/income-proof-callback').then((m) => m.IncomeProofCallback)),
  notice: preloadable(() => import('./notice/notice').then((m) => m.Notice)),
  privacy: preloadable(() => import('./privacy/privacy').then((m) => m.Privacy)),
};

export function isScreenName(name: string): name is ScreenName {
  return (screenNames as readonly string[]).includes(name);
}

import type { ScreenName } from '../../core/catalog/screens';
import { preloadable, type PreloadableScreen, type ScreenComponent } from './preloadable';

/**
 * The only place a screen name (core/catalog/screens.ts) is bound to code: each screen's component, its own chunk,
 * loaded on first use or ahead of it. (scripts/route-chunks.ts reads the `name: () => import('./module')` lines
 * below to know each screen's chunk: keep one a line.)
 */
const loaders: Readonly<Record<ScreenName, () => Promise<ScreenComponent>>> = {
  mobileLogin: () => import('./mobile-login').then((m) => m.MobileLogin),
  mobileOtp: () => import('./mobile-otp').then((m) => m.MobileOtp),
  emailEntry: () => import('./email-entry').then((m) => m.EmailEntry),
  emailOtp: () => import('./email-otp').then((m) => m.EmailOtp),
  resume: () => import('./resume').then((m) => m.Resume),
  completed: () => import('./completed').then((m) => m.Completed),
  refresh: () => import('./refresh').then((m) => m.Refresh),
  modification: () => import('./modification/modification').then((m) => m.Modification),
  linkBank: () => import('./bank/link-bank').then((m) => m.LinkBank),
  identityCheck: () => import('./identity/identity-check').then((m) => m.IdentityCheck),
  aadhaarEsign: () => import('./identity/aadhaar-esign').then((m) => m.AadhaarEsign),
  incomeProof: () => import('./income-proof/income-proof').then((m) => m.IncomeProof),
  incomeProofCallback: () => import('./income-proof/income-proof-callback').then((m) => m.IncomeProofCallback),
  notice: () => import('./notice/notice').then((m) => m.Notice),
  privacy: () => import('./privacy/privacy').then((m) => m.Privacy),
  kraRecord: () => import('./kra-record/kra-record').then((m) => m.KraRecord),
  regulatoryText: () => import('./regulation/regulatory-text').then((m) => m.RegulatoryText),
  helpRequest: () => import('./regulation/help-request').then((m) => m.HelpRequest),
  familyApplications: () => import('./regulation/family-applications').then((m) => m.FamilyApplications),
};

export const screenRegistry = Object.fromEntries(
  Object.entries(loaders).map(([name, load]) => [name, preloadable(load)]),
) as Record<ScreenName, PreloadableScreen>;

export function isScreenName(name: string): name is ScreenName {
  return Object.hasOwn(loaders, name);
}

/**
 * Screens whose first look needs nothing of the applicant's record: a signed-in applicant sees them drawn while the
 * record loads (the build prerenders them so). They call the API only once it has loaded, as the guard allows.
 * The status page draws its stages and links so, and its stage once the record is here. The others show the
 * applicant's own data (their answers, their rejected steps) and wait for it.
 */
const withoutApplicant: ReadonlySet<ScreenName> = new Set(['emailEntry', 'identityCheck', 'linkBank', 'incomeProof', 'aadhaarEsign', 'completed']);

export function drawsWithoutApplicant(name: string): boolean {
  return isScreenName(name) && withoutApplicant.has(name);
}

/**
 * Screens that show their embedded forms on a later view than their first (the bank's manual entry, an income
 * proof's upload, each after a choice): they load the form engine lazily (EmbeddedForm), and their forms' code loads
 * once the applicant starts on the page, not with the screen. The others draw their forms at once (the modification
 * screen imports the schema form) and load that code with the screen, as the build's route chunks do.
 */
const formsOnLaterView: ReadonlySet<ScreenName> = new Set(['linkBank', 'incomeProof']);

export function showsFormsLater(name: string): boolean {
  return isScreenName(name) && formsOnLaterView.has(name);
}

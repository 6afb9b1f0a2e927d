// Pure data (no React): every screen definition, and the names flow-config/pages may write as "screen", derived
// from them. The config check runs in Node on this file; registry.ts binds the components.
import { linkBankScreen } from './bank/link-bank.screen';
import { completedScreen } from './completed.screen';
import { emailEntryScreen } from './email-entry.screen';
import { emailOtpScreen } from './email-otp.screen';
import { aadhaarEsignScreen } from './identity/aadhaar-esign.screen';
import { identityCheckScreen } from './identity/identity-check.screen';
import { incomeProofCallbackScreen } from './income-proof/income-proof-callback.screen';
import { incomeProofScreen } from './income-proof/income-proof.screen';
import { kraRecordScreen } from './kra-record/kra-record.screen';
import { mobileLoginScreen } from './mobile-login.screen';
import { mobileOtpScreen } from './mobile-otp.screen';
import { modificationScreen } from './modification/modification.screen';
import { noticeScreen } from './notice/notice.screen';
import { privacyScreen } from './privacy/privacy.screen';
import { refreshScreen } from './refresh.screen';
import { regulatoryTextScreen } from './regulation/regulatory-text.screen';
import { helpRequestScreen } from './regulation/help-request.screen';
import { familyApplicationsScreen } from './regulation/family-applications.screen';
import { resumeScreen } from './resume.screen';

/** Each screen's one definition; a new `<screen>.screen.ts` adds its definition here. */
export const screenDefinitions = [
  mobileLoginScreen,
  mobileOtpScreen,
  emailEntryScreen,
  emailOtpScreen,
  resumeScreen,
  completedScreen,
  refreshScreen,
  modificationScreen,
  linkBankScreen,
  identityCheckScreen,
  aadhaarEsignScreen,
  incomeProofScreen,
  incomeProofCallbackScreen,
  noticeScreen,
  privacyScreen,
  kraRecordScreen,
  regulatoryTextScreen,
  helpRequestScreen,
  familyApplicationsScreen,
] as const;

export type ScreenName = (typeof screenDefinitions)[number]['name'];

export const screenNames: readonly ScreenName[] = screenDefinitions.map((definition) => definition.name);

export function isScreenName(name: string): name is ScreenName {
  return (screenNames as readonly string[]).includes(name);
}

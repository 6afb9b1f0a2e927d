import { sessionAtom, storageKeys } from './persisted';

/** Email state of spec section 3; kept for the tab so a reload on /verify-email stays there. */
export interface EmailState {
  email: string;
  isOtpSent: boolean;
  isOtpResent: boolean;
}

export const initialEmailState: EmailState = { email: '', isOtpSent: false, isOtpResent: false };

export const emailStateAtom = sessionAtom<EmailState>(storageKeys.email, initialEmailState);

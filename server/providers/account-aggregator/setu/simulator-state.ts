import type { ConsentDecision, DataRange, SimulatedBankAnswer } from '../account-aggregator';

/**
 * What the simulated Setu AA gateway keeps (simulator-store.ts, vendor 'setu'): consents and their data sessions, and
 * what the applicant decided on the consent page. The special mobile numbers (the consent's vua, by its last four
 * digits) and the consent page's choices reach every branch of the real service.
 */

/** ConsentResponseV2.status. */
export type SetuConsentStatus = 'PENDING' | 'INITIATED' | 'FAILED' | 'ACTIVE' | 'PAUSED' | 'REVOKED' | 'EXPIRED' | 'REJECTED';

/** How long a 'delayed' bank takes to prepare the data of a session. */
export const delayedDataMs = 10_000;

/** The special mobiles, by their last four digits. */
export const specialMobiles = {
  noData: '0000',
  lowIncome: '1111',
  delayed: '2222',
  consentFails: '3333',
  choosesBankFirst: '4444',
  unavailable: '5000',
  slow: '9999',
} as const;

export interface SimConsent {
  id: string;
  /** The 10-digit mobile of the vua. */
  mobile: string;
  status: SetuConsentStatus;
  /** What the bank shares once approved; the consent page may change it. */
  bankAnswer: SimulatedBankAnswer;
  /** Every answer about this consent is slow (mobile ending 9999). */
  slow: boolean;
  redirectUrl: string;
  dataRange: DataRange;
  /** The consent's terms as requested (fiTypes, purpose, ...), answered back in `detail`. */
  terms: Record<string, unknown>;
  createdAt: number;
  expiresAt: number;
  /** Data sessions opened for it, oldest first. */
  sessions: string[];
}

export interface SimSession {
  id: string;
  consentId: string;
  dataRange: DataRange;
  createdAt: number;
}

export const consentKind = 'aa-consent';
export const sessionKind = 'aa-session';

/** What the bank shares, as the mobile number chooses it; the consent page shows this choice first. */
export function bankAnswerFor(mobile: string): SimulatedBankAnswer {
  if (mobile.endsWith(specialMobiles.noData)) return 'no_data';
  if (mobile.endsWith(specialMobiles.lowIncome)) return 'low_income';
  if (mobile.endsWith(specialMobiles.delayed)) return 'delayed';
  return 'salary';
}

/** The status the consent answers with now: past its expiry every consent has expired. */
export function statusNow(consent: SimConsent, now: number): SetuConsentStatus {
  return now >= consent.expiresAt ? 'EXPIRED' : consent.status;
}

/** The applicant's decision (cancel leaves the consent PENDING, as documented); the first one stands. */
export function decide(consent: SimConsent, action: ConsentDecision, bankAnswer: SimulatedBankAnswer | undefined): SimConsent {
  if (consent.status !== 'PENDING' && consent.status !== 'INITIATED') return consent;
  if (action === 'cancel') return consent;
  return { ...consent, status: action === 'approve' ? 'ACTIVE' : 'REJECTED', ...(bankAnswer ? { bankAnswer } : {}) };
}

/**
 * Where the consent page sends the browser: the consent's redirectUrl with Setu's `success` and `id`, and on failure
 * `errorcode` (1 rejected, 5 cancelled) and `errormsg`; the URL's own query is kept (embed-setu-aa.mdx).
 */
export function redirectAfter(consent: SimConsent, action: ConsentDecision): string {
  const absolute = /^https?:\/\//i.test(consent.redirectUrl);
  const url = new URL(consent.redirectUrl, 'http://relative.invalid');
  const approved = action === 'approve' && consent.status === 'ACTIVE';
  url.searchParams.set('success', String(approved));
  url.searchParams.set('id', consent.id);
  if (!approved) {
    const cancelled = action === 'cancel';
    url.searchParams.set('errorcode', cancelled ? '5' : '1');
    url.searchParams.set('errormsg', cancelled ? 'cancel_will_share_later' : 'reject_not_want_to_share');
  }
  return absolute ? url.toString() : `${url.pathname}${url.search}`;
}

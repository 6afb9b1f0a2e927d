import type { Deadline } from '../call-budget';
/**
 * An account aggregator reached as a Financial Information User: create a consent request, send the applicant to the
 * aggregator's consent page, read the consent's state; once approved, open a data session and read the deposit
 * accounts' statements it returns. Vendor-neutral: each vendor folder (setu/) implements it.
 */

/** A period of financial data, ISO 8601 date-times. */
export interface DataRange {
  from: string;
  to: string;
}

export interface ConsentInput {
  /** The applicant's 10-digit mobile: their handle at the aggregator. */
  mobile: string;
  /** The app's page the aggregator sends the browser back to once the applicant has acted; the client makes it absolute. */
  returnPath: string;
  /** The bank statements' period the consent asks for. */
  dataRange: DataRange;
}

/** A consent request: its id, and the consent page the browser goes to. */
export interface ConsentRequest {
  id: string;
  url: string;
}

/**
 * pending: waiting for the applicant (Setu PENDING, or INITIATED while the applicant picks a bank);
 * approved: granted (ACTIVE); rejected: declined, or withdrawn after approval (REVOKED, PAUSED);
 * expired: past its expiry; failed: the aggregator could not create it.
 */
export type ConsentState = 'pending' | 'approved' | 'rejected' | 'expired' | 'failed';

/**
 * A data session: pending while the banks prepare the data; ready when every account's data came (partial when some
 * did); failed or expired when none will come from this session (a new one may be tried).
 */
export type DataSessionState = 'pending' | 'ready' | 'partial' | 'failed' | 'expired';

export interface DepositTransaction {
  type: 'credit' | 'debit';
  /** In paise: amounts are decimal strings on the wire, read without floating point. */
  amountPaise: number;
  /** ISO 8601 with offset, as the bank gives it. */
  at: string;
  /** The bank's narration, for recognising salary credits; never logged. */
  narration: string;
  /** UPI, FT, CASH, ATM, CARD, OTHERS ... as the bank gives it. */
  mode: string;
}

/** One bank account's statement from a data session. */
export interface DepositStatement {
  /** As the bank masks it, e.g. XXXXXX4373. */
  maskedAccountNumber: string;
  /** The bank (FIP) that sent it, by its id at the aggregator. */
  bank: string;
  /** SAVINGS or CURRENT as the bank says; '' when it does not. */
  accountType: string;
  branch: string;
  ifsc: string;
  transactions: DepositTransaction[];
}

export interface DataSession {
  id: string;
  state: DataSessionState;
  /** The deposit accounts whose data arrived; empty until the session is ready or partial. */
  statements: DepositStatement[];
}

/** What a notification names: the consent it is about (nothing else in it is trusted: the state is fetched again). */
export interface AggregatorNotification {
  consentId: string;
  /** The consent's state, or its data's (a session's status, data ready by auto-fetch). */
  about: 'consent' | 'data';
}

/** An unreachable or confused aggregator throws ProviderError. */
export interface AccountAggregator {
  readonly name: string;
  /** The notification endpoint's name: notifications arrive at POST /api/webhooks/{webhook}. */
  readonly webhook: string;
  createConsent(input: ConsentInput, deadline: Deadline): Promise<ConsentRequest>;
  consentState(consentId: string, deadline: Deadline): Promise<ConsentState>;
  /** Opens a data session for an approved consent over `dataRange` (within the consent's). */
  startDataSession(consentId: string, dataRange: DataRange, deadline: Deadline): Promise<{ id: string; state: DataSessionState }>;
  dataSession(sessionId: string, deadline: Deadline): Promise<DataSession>;
  /** The newest data session the aggregator opened for the consent by itself (auto-fetch), if any. */
  latestDataSession(consentId: string, deadline: Deadline): Promise<string | undefined>;
  /** The consent (and session) a notification body names; undefined for a body that names none. */
  readNotification(body: unknown): AggregatorNotification | undefined;
}

const averageMonthDays = 365.25 / 12;

/** Whole months in a data range, at least one. */
export function monthsIn(range: DataRange): number {
  const days = (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000;
  return Number.isFinite(days) ? Math.max(1, Math.round(days / averageMonthDays)) : 1;
}

/** The applicant at the aggregator's consent page: approve, reject, or cancel (nothing decided). */
export type ConsentDecision = 'approve' | 'reject' | 'cancel';
export const consentDecisions: readonly ConsentDecision[] = ['approve', 'reject', 'cancel'];

/** What a simulated bank shares once the consent is approved. */
export type SimulatedBankAnswer = 'salary' | 'low_income' | 'no_data' | 'delayed';
export const simulatedBankAnswers: readonly SimulatedBankAnswer[] = ['salary', 'low_income', 'no_data', 'delayed'];

/** What /api/dev/aa/... asks of a simulated aggregator, as the applicant at the aggregator would do. */
export interface AggregatorControls {
  /** A decision on the consent page; undefined for a consent the simulator does not hold. The first decision stands. */
  decide(
    consentId: string,
    decision: ConsentDecision,
    bankAnswer?: SimulatedBankAnswer,
  ): Promise<{ consentId: string; status: ConsentState; redirectUrl: string } | undefined>;
  /** Later, in the aggregator's app: the applicant revokes or pauses an approved consent. False for an unknown one. */
  withdraw(consentId: string, how: 'revoke' | 'pause'): Promise<boolean>;
  /** The simulator's consent page for `consentId`, as a path at the app (where the old /dev/aa/consent/{id} goes). */
  consentPage(consentId: string): string;
}

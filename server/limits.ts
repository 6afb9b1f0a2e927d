/** Every sign-in number, and the request budget, in one place. Tests and deployments override them through AppOptions.limits. */

/** Digits in a one-time code (spec: 4). One constant: the code generator and the request schemas both read it. */
export const otpLength = 4;
/** Digits in a reviewer's sign-in code: the back office opens every applicant's documents, so 6, not 4. */
export const reviewerOtpLength = 6;

export interface Limits {
  /** How long a code stays valid. */
  otpTtlMs: number;
  /** Earliest a resend may follow the previous send. */
  resendWaitMs: number;
  /** Wrong codes that kill a challenge. */
  maxOtpAttempts: number;
  /** Window over which the send caps are counted. */
  sendWindowMs: number;
  /** Codes one phone number or address may receive per window. */
  sendsPerDestination: number;
  /**
   * Codes one destination may receive per day. With 4-digit codes and 5 guesses per code this
   * bounds an attacker to 1.5% per day on one number, where the 15-minute cap alone allows ~24%.
   */
  dailySendsPerDestination: number;
  /** Codes one client IP may trigger per window. */
  sendsPerIp: number;
  /** Sign-in attempts for unregistered numbers one client IP may make per window (against probing). */
  unknownNumberLookupsPerIp: number;
  /** A session ends after this long without a request. */
  sessionIdleMs: number;
  /** A session ends this long after sign-in, however busy. */
  sessionMaxMs: number;
  /**
   * What one applicant request may take, every provider call it makes included: under the spec's 15 s client
   * timeout, with room for the network, so a failure reaches the applicant as a clear, retryable answer.
   */
  requestBudgetMs: number;
  /** A reviewer's session ends after this long without a request. */
  reviewerSessionIdleMs: number;
  /** A reviewer's session ends this long after sign-in: a working day. */
  reviewerSessionMaxMs: number;
}

const minute = 60_000;

export const defaultLimits: Limits = {
  otpTtlMs: 10 * minute,
  resendWaitMs: 30_000,
  maxOtpAttempts: 5,
  sendWindowMs: 15 * minute,
  sendsPerDestination: 5,
  dailySendsPerDestination: 30,
  sendsPerIp: 30,
  unknownNumberLookupsPerIp: 20,
  sessionIdleMs: 60 * minute,
  sessionMaxMs: 12 * 60 * minute,
  requestBudgetMs: 12_000,
  reviewerSessionIdleMs: 30 * minute,
  reviewerSessionMaxMs: 10 * 60 * minute,
};

export function resolveLimits(overrides: Partial<Limits> = {}): Limits {
  const merged = { ...defaultLimits };
  for (const [key, value] of Object.entries(overrides) as [keyof Limits, number | undefined][]) {
    if (value !== undefined) merged[key] = value;
  }
  return merged;
}

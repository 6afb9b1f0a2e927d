import type { Deadline } from '../call-budget';
/** Penny drop: Rs 1 credited to the account, and the bank's answer names its holder. One client per vendor. */

export interface PennyDropRequest {
  /** Digits only. */
  accountNumber: string;
  ifsc: string;
  /** The name the account should be in (the applicant's PAN name): vendors score it; our own rule decides. */
  expectedName: string;
  /** Our reference for the check, unique per attempt. */
  reference: string;
}

/**
 * The vendor's own name-match verdict on `expectedName`, in three grades: Cashfree's DIRECT/GOOD_PARTIAL match,
 * MODERATE_PARTIAL, POOR_PARTIAL/NO_MATCH; RazorpayX's 0-100 score cut at the same points (85, 70).
 */
export type VendorNameMatch = 'match' | 'partial' | 'mismatch';

export type PennyDropResult =
  /** The account exists and is open; `registeredName` is the holder's name as the bank has it ('' when it gave none). */
  | { kind: 'verified'; registeredName: string; providerReference: string; vendorNameMatch?: VendorNameMatch }
  /** Closed, blocked, frozen, or an account kind that cannot be linked (NRE). */
  | { kind: 'account_closed' }
  /** No such account at that branch. */
  | { kind: 'account_invalid' };

/** Answers are results; a vendor or bank that cannot answer throws ProviderError (its `retryable` says if another may). */
export interface PennyDrop {
  /** The vendor (PENNY_DROP_VENDOR's value), or 'primary+fallback' for a pair. */
  readonly name: string;
  verify(request: PennyDropRequest, deadline: Deadline): Promise<PennyDropResult>;
}

/** A score (0-100, text or number) in the three grades; undefined when the vendor gave none. */
export function gradeOfScore(score: unknown): VendorNameMatch | undefined {
  const value = typeof score === 'number' ? score : typeof score === 'string' && score.trim() !== '' ? Number(score) : Number.NaN;
  if (!Number.isFinite(value)) return undefined;
  return value >= 85 ? 'match' : value >= 70 ? 'partial' : 'mismatch';
}

/** '50100123456789' → '**********6789': for logs and errors, which never hold a full account number. */
export function maskAccount(accountNumber: string): string {
  return accountNumber.length <= 4 ? '*'.repeat(accountNumber.length) : `${'*'.repeat(accountNumber.length - 4)}${accountNumber.slice(-4)}`;
}

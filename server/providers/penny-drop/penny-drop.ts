/** Penny drop: Rs 1 credited to the account, and the bank's answer names its holder. Sandbox and HTTP implementations. */

export interface PennyDropRequest {
  /** Digits only. */
  accountNumber: string;
  ifsc: string;
  /** The name the account should be in (the applicant's PAN name); real services use it for their own match score. */
  expectedName: string;
  /** Our reference for the credit, unique per attempt. */
  reference: string;
}

export type PennyDropResult =
  /** The account exists and is open; `registeredName` is the holder's name as the bank has it. */
  | { kind: 'verified'; registeredName: string; providerReference: string }
  /** Closed, blocked, frozen or dormant. */
  | { kind: 'account_closed' }
  /** No such account at that branch. */
  | { kind: 'account_invalid' };

/** Answers are results; an unavailable bank or service throws ProviderError. */
export interface PennyDrop {
  readonly name: string;
  verify(request: PennyDropRequest): Promise<PennyDropResult>;
}

/** '50100123456789' → '**********6789': for logs and errors, which never hold a full account number. */
export function maskAccount(accountNumber: string): string {
  return accountNumber.length <= 4 ? '*'.repeat(accountNumber.length) : `${'*'.repeat(accountNumber.length - 4)}${accountNumber.slice(-4)}`;
}

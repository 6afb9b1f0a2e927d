/** What the bank routes answer. Spec wording where the spec has it (toasts, the failure default); ours elsewhere. */
export const bankMessages = {
  saved: 'Bank Details Saved!',
  /** Spec: the client's fallback for a bank failure; ours for any failure without a more precise reason. */
  failed: 'Bank account verification failed, Try again!',
  unavailable: 'Bank verification service is unavailable, please try again',
  closed: 'Bank account is closed or blocked, please link another account',
  notFound: 'Bank account not found, check the account number and IFSC',
  nameMismatch: 'Account holder name does not match the name on your PAN',
  ifscNotFound: 'IFSC code not found',
  panMismatch: 'PAN and date of birth do not match your verified PAN',
  bankNotFound: 'Bank not found',
  queryTooLong: 'Search text must be at most 12 characters',
  rpdStarted: 'Pay Rs 1 from the bank account to link',
  rpdPending: 'Waiting for your Rs 1 payment',
  rpdVerified: 'Bank account verified successfully',
  rpdExpired: 'UPI payment request expired, please try again',
  rpdSuperseded: 'A newer UPI payment request replaced this one',
  /** A payment that arrives once the bank step is no longer open (linked another way, or the application moved on). */
  rpdClosed: 'Bank details can no longer be changed; this payment will be refunded',
  rpdNotStarted: 'No UPI payment request yet',
  rpdUnknown: 'Payment request not found',
} as const;

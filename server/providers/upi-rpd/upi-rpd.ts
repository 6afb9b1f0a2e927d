/**
 * UPI reverse penny drop: the applicant pays Rs 1 from the account to link; the payment tells us the
 * payer's account, IFSC and name, and is refunded. The provider sets up the collect account; payments
 * arrive later (a webhook; in the sandbox, POST /api/dev/upi/{requestId}/pay).
 */

export interface RpdStart {
  /** Our reference, used as the UPI transaction reference (tr): letters and digits, at most 35. */
  reference: string;
  /** Rupees with two decimals, e.g. '1.00'. */
  amount: string;
  /** Shown in the payer's UPI app (tn). */
  note: string;
}

export interface RpdCollect {
  /** The UPI address the payment goes to (pa) and its display name (pn). */
  payeeVpa: string;
  payeeName: string;
  /** upi://pay?pa=…&pn=…&am=…&tr=…&tn=…&cu=INR */
  intentLink: string;
}

/** A payment as the provider reports it: who paid, from which account. */
export interface RpdPayment {
  /** The provider's id of the payment; a repeated delivery carries the same id. */
  paymentId: string;
  payer: RpdPayer;
}

export interface RpdPayer {
  accountNumber: string;
  ifsc: string;
  name: string;
}

/** How long starting a collect request may take (a real service's call; the sandbox's own timeout). */
export const rpdTimeoutMs = 10_000;

/** Starting may throw ProviderError (service unavailable). */
export interface ReversePennyDrop {
  readonly name: string;
  start(request: RpdStart): Promise<RpdCollect>;
}

/** The UPI deep link (NPCI's linking specification): every value percent-encoded. */
export function upiIntentLink(fields: { pa: string; pn: string; am: string; tr: string; tn: string }): string {
  const query = (['pa', 'pn', 'am', 'tr', 'tn'] as const).map((key) => `${key}=${encodeURIComponent(fields[key])}`).join('&');
  return `upi://pay?${query}&cu=INR`;
}

import type { Deadline } from '../call-budget';
/**
 * UPI reverse penny drop: the applicant pays Rs 1 by UPI from the account to link; the vendor's bank partner sees
 * the payer's account, IFSC and name, tells us (webhook, status API) and refunds the rupee itself. The vendor
 * gives the intent link (and sometimes a QR image) the screen shows.
 */

export interface RpdStart {
  /** Our id of the request (RPD + 20 hex): sent to the vendor where it takes one, so its answers name it. */
  reference: string;
  /** The name the account should be in (the PAN name): vendors that take one score it; our own rule decides. */
  expectedName: string;
}

export interface RpdCollect {
  /** The vendor's id of the request: status calls and webhooks name it. */
  vendorRequestId: string;
  /** upi://pay?… as the vendor gives it. */
  intentLink: string;
  /** The vendor's own QR image (base64 PNG), when it gives one; otherwise the screen's QR is drawn from intentLink. */
  qrPng?: string;
  /** When the vendor stops taking the payment (ms since the epoch), when it says so with a time zone. */
  expiresAt?: number;
}

export interface RpdPayer {
  accountNumber: string;
  ifsc: string;
  name: string;
}

/** A payment as the vendor reports it: who paid, from which account. */
export interface RpdPayment {
  /** The vendor's reference of the payment; a repeated delivery carries the same one. */
  paymentId: string;
  payer: RpdPayer;
}

/** What the vendor says about one request. */
export type RpdState =
  | { status: 'pending' }
  | { status: 'paid'; payment: RpdPayment }
  /** expired: no payment in time; failed: the vendor or the payment failed; not_bank_account: a wallet (PPI) paid. */
  | { status: 'failed'; reason: 'expired' | 'failed' | 'not_bank_account' };

/** A webhook after its signature was checked: the request it is about, and the state when the vendor signs it. */
export interface RpdNotice {
  vendorRequestId: string;
  /** Absent when the vendor documents no signature: then the state is fetched from the vendor, never read from the body. */
  state?: RpdState;
}

/** An HTTP request as the vendor sent it: headers (lower-case names) and the body byte for byte. */
export interface WebhookDelivery {
  headers: Readonly<Record<string, string | undefined>>;
  rawBody: string;
}

/** A webhook whose signature or shape is wrong: answered 401 and never acted on. */
export class WebhookRefused extends Error {
  override readonly name = 'WebhookRefused';
}

/** Starting and fetching may throw ProviderError (vendor unavailable, refused, a shape it does not document). */
export interface ReversePennyDrop {
  /** The vendor, as UPI_RPD_VENDOR names it (also the webhook path: POST /api/webhooks/<vendor>). */
  readonly vendor: string;
  /** Whether the vendor's status API may be asked while the applicant waits; Setu asks not to be polled. */
  readonly pollable: boolean;
  start(request: RpdStart, deadline: Deadline): Promise<RpdCollect>;
  status(vendorRequestId: string, deadline: Deadline): Promise<RpdState>;
  /** Checks and reads a webhook; throws WebhookRefused when it is not the vendor's. */
  readWebhook(delivery: WebhookDelivery): RpdNotice;
}

/** Parses a time the vendor gives; only a time with a zone (Z or ±hh:mm) counts, a bare local time says too little. */
export function zonedTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/(Z|[+-]\d\d:?\d\d)$/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isFinite(at) ? at : undefined;
}

import type { SimulatorStore } from '../simulator-store';
import type { RpdPayer } from './upi-rpd';

/**
 * What /api/dev/upi/... asks of a simulated reverse-penny-drop vendor: to behave as if the applicant's UPI app paid
 * the vendor's link. The simulator records the payment as its bank partner would and answers with the webhook the
 * vendor sends about it; the caller delivers that webhook to the app, as the network would.
 */

export interface UpiAppPayment {
  payer: RpdPayer;
  /** The payment's own reference (a UPI transaction id): paying again with the same one is the same payment. */
  paymentId: string;
}

/** A webhook as the vendor sends it: its headers and its body, byte for byte. */
export interface VendorWebhook {
  headers: Record<string, string>;
  body: string;
}

export type UpiAppOutcome =
  /** The vendor has no such request. */
  | { result: 'unknown' }
  /** The link no longer takes money: paid by another payment, failed or expired. The UPI app shows an error; no webhook. */
  | { result: 'refused' }
  /** paid: this payment resolved the link; repeated: the same payment again, so the vendor sends its webhook again. */
  | { result: 'paid' | 'repeated'; webhook: VendorWebhook };

export interface UpiAppControls {
  pay(vendorRequestId: string, payment: UpiAppPayment): Promise<UpiAppOutcome>;
}

/** How a simulator's request record takes a payment: whether it is still open, the record paid, the payment it holds. */
export interface PayableRecord<R> {
  open(record: R): boolean;
  paid(record: R): R;
  /** The payment id the record was paid with; undefined while unpaid. */
  paymentIdOf(record: R): string | undefined;
}

/**
 * A payment to a simulated link, which takes one: the first of concurrent payers wins (the store's update is
 * conditional); the same payment again is that payment (`won: false`); another payment, or none on a closed link, is
 * refused (undefined).
 */
export async function payOnce<R>(store: SimulatorStore, kind: string, id: string, record: PayableRecord<R>, paymentId: string): Promise<{ won: boolean; paid: R } | undefined> {
  let won = false;
  const after = await store.update<R>(kind, id, (stored) => {
    won = record.open(stored);
    return won ? record.paid(stored) : stored;
  });
  if (!after) return undefined;
  const holds = record.paymentIdOf(after);
  if (holds === undefined || (!won && holds !== paymentId)) return undefined;
  return { won, paid: after };
}

import { findRpdRequestOfVendor } from './repositories/rpd-requests';
import { WebhookRefused, type WebhookDelivery } from '../providers/upi-rpd/upi-rpd';
import type { BankStepBinding } from './bank-step-binding';
import type { BankServices } from './create-bank';
import type { Now, PaymentOutcome } from './rpd-payment';
import { applyVendorState } from './rpd-service';

/** How a webhook was answered: 200 taken (or nothing of ours), 401 not the vendor's, 503 try again later. */
export interface WebhookAnswer {
  status: 200 | 401 | 503;
  /** What it did to our request, when it named one of ours. */
  outcome?: PaymentOutcome;
}

/**
 * A UPI vendor's webhook (POST /api/webhooks/<vendor>): its signature checked by the vendor's client (refused
 * otherwise); where the vendor signs nothing, only the request id is taken and the state fetched from the vendor.
 * Applied once: a repeated or replayed delivery finds the request resolved and changes nothing.
 */
export async function receiveRpdWebhook(bank: BankServices, step: BankStepBinding, delivery: WebhookDelivery, context: Now): Promise<WebhookAnswer> {
  const { log, deadline } = context;
  let notice;
  try {
    notice = bank.rpd.readWebhook(delivery);
  } catch (error) {
    if (!(error instanceof WebhookRefused)) throw error;
    log.warn({ provider: bank.rpd.vendor, reason: error.message }, 'upi webhook refused');
    return { status: 401 };
  }
  const request = await findRpdRequestOfVendor(bank.db, bank.rpd.vendor, notice.vendorRequestId);
  // Not one of ours (or long gone): taken, so the vendor stops sending it.
  if (!request) return { status: 200 };
  let state = notice.state;
  if (!state) {
    try {
      state = await bank.rpd.status(notice.vendorRequestId, deadline);
    } catch (error) {
      log.warn({ err: error, provider: bank.rpd.vendor, requestId: request.id }, 'upi webhook: vendor status unavailable');
      return { status: 503 };
    }
  }
  const outcome = await applyVendorState(bank, step, request, state, context);
  return outcome ? { status: 200, outcome } : { status: 200 };
}

import type { Kysely } from 'kysely';
import type { ApplicantRow } from '../platform/applicants';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { UpiAppControls, UpiAppPayment, VendorWebhook } from '../providers/upi-rpd/upi-app';
import type { BankServices } from './create-bank';
import { findRpdRequest } from './repositories/rpd-requests';
import { type PaymentOutcome, type Words, rpdRequestApplicant } from './rpd-payment';

/**
 * The simulated UPI app paying our request's link at the simulated vendor (/api/dev/upi/...): the vendor's webhook
 * about it is handed to `deliver` (POST /api/webhooks/<vendor>, as the network would), then the request is read back.
 * `applied`: this payment resolved the request (linked the account or failed the name check), not a late or repeated one.
 */
export async function payWithUpiApp(
  bank: BankServices,
  appDb: Kysely<Database>,
  upiApp: UpiAppControls,
  requestId: string,
  payment: (applicant: ApplicantRow) => UpiAppPayment,
  deliver: (webhook: VendorWebhook) => Promise<boolean>,
  texts: Words,
): Promise<PaymentOutcome> {
  const found = await findRpdRequest(bank.db, requestId);
  const applicant = await rpdRequestApplicant(appDb, bank.db, requestId);
  if (!found?.vendor_request_id || found.provider !== bank.rpd.vendor || !applicant) throw new ApiError(404, 'bank.rpdUnknown');
  const paid = await upiApp.pay(found.vendor_request_id, payment(applicant));
  if (paid.result === 'unknown') throw new ApiError(404, 'bank.rpdUnknown');
  if (paid.result !== 'refused' && !(await deliver(paid.webhook))) throw new ApiError(503, 'bank.unavailable');
  const after = (await findRpdRequest(bank.db, requestId)) ?? found;
  const applied = paid.result === 'paid' && after.payment_id !== null && after.message !== 'bank.rpdClosed';
  return { requestId, status: after.status, message: texts.words(after.message), applied };
}

import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import type { RpdStatus } from '../../core/api/types';
import type { MessageCode } from '../../core/engine/message-codes';
import type { ApplicantRow } from '../platform/applicants';
import type { UserRow } from '../db/schema';
import { ApiError } from '../errors';
import type { RpdCollect, RpdState } from '../providers/upi-rpd/upi-rpd';
import type { BankStepBinding } from './bank-step-binding';
import type { BankServices } from './create-bank';
import {
  type RpdRequestRow,
  findRpdRequest,
  insertRpdRequest,
  latestRpdRequest,
  markRpdChecked,
  resolveRpdRequest,
  supersedeRpdRequests,
} from './repositories/rpd-requests';
import { type Now, type PaymentOutcome, outcome, receiveRpdPayment, settleExpiry } from './rpd-payment';

/** UPI reverse penny drop: a payment request at the vendor, its status (asked of the vendor when due), its expiry. */

export interface RpdStarted {
  requestId: string;
  intentLink: string;
  /** PNG data URL of a QR code holding the intent link. */
  qrCode: string;
}

/** Status data (spec): success or failure with a message; pending while waiting; recommended mode for the choice screen. */
export type { RpdStatus } from '../../core/api/types';

/** Asks the vendor for a Rs 1 payment request; the applicant's older pending requests stop counting. */
export async function startRpd(bank: BankServices, step: BankStepBinding, user: ApplicantRow, { now, log, deadline }: Now): Promise<RpdStarted> {
  const requestId = `RPD${randomBytes(10).toString('hex').toUpperCase()}`;
  let collect: RpdCollect;
  try {
    collect = await bank.rpd.start({ reference: requestId, expectedName: user.name ?? '' }, deadline);
  } catch (error) {
    log.error({ err: error, provider: bank.rpd.vendor }, 'upi payment request failed');
    throw new ApiError(503, 'bank.unavailable');
  }
  // The vendor's own QR image when it gives one; otherwise one drawn from its intent link.
  const qrCode = collect.qrPng
    ? `data:image/png;base64,${collect.qrPng}`
    : await QRCode.toDataURL(collect.intentLink, { errorCorrectionLevel: 'M', margin: 2, width: 280 });
  await bank.db.transaction().execute(async (trx) => {
    // Strictly increasing per applicant, so the newest request is the last started even within a millisecond.
    const previous = await latestRpdRequest(trx, user.id, step.stepId);
    const createdAt = Math.max(now, (previous?.created_at ?? 0) + 1);
    await supersedeRpdRequests(trx, user.id, step.stepId, 'bank.rpdSuperseded', now);
    await insertRpdRequest(trx, {
      id: requestId,
      user_id: user.id,
      step_id: step.stepId,
      status: 'pending',
      provider: bank.rpd.vendor,
      intent_link: collect.intentLink,
      message: 'bank.rpdPending',
      payment_id: null,
      created_at: createdAt,
      // Our own limit, or the vendor's when it ends first.
      expires_at: Math.min(createdAt + bank.rpdTtlMs, collect.expiresAt ?? Infinity),
      resolved_at: null,
      vendor_request_id: collect.vendorRequestId,
      checked_at: null,
    });
  });
  return { requestId, intentLink: collect.intentLink, qrCode };
}

/** How often, at most, a pending request's status is asked of a vendor that may be polled. */
export const vendorPollMs = 4_000;
/**
 * After its expiry, how long the vendor is still asked about a request, and a payment it reports then still counts:
 * its webhook was missed (the first look after expiry finds it). A webhook itself arrives as the payment is made, so a
 * payment it reports after the expiry is late.
 */
export const missedPaymentGraceMs = 60_000;

const failureMessages: Record<Extract<RpdState, { status: 'failed' }>['reason'], MessageCode> = {
  expired: 'bank.rpdExpired',
  failed: 'bank.failed',
  // A prepaid wallet paid: it is no bank account to link.
  not_bank_account: 'bank.failed',
};

/**
 * What the vendor says about a pending request, applied once: paid links the payer's account (receiveRpdPayment),
 * failed or expired fails the request. Undefined when nothing changed (still pending, or already resolved).
 */
export async function applyVendorState(
  bank: BankServices,
  step: BankStepBinding,
  request: RpdRequestRow,
  state: RpdState,
  context: Now,
  openUntil = request.expires_at,
): Promise<PaymentOutcome | undefined> {
  if (state.status === 'pending') return undefined;
  if (state.status === 'paid') return receiveRpdPayment(bank, step, request.id, state.payment, context, openUntil);
  const applied = await resolveRpdRequest(bank.db, request.id, { status: 'failure', message: failureMessages[state.reason], paymentId: null, now: context.now });
  if (applied) context.log.info({ requestId: request.id, reason: state.reason }, 'upi payment request failed at the vendor');
  return outcome((await findRpdRequest(bank.db, request.id)) ?? request, applied, context.texts);
}

/**
 * A pending request's state from the vendor, when it is time to ask: every vendorPollMs for a vendor that may be
 * polled; for one that asks not to be (Setu: webhooks carry the news), once when our wait ran out, so a missed webhook
 * is caught before the request is called expired. A vendor that cannot answer leaves it pending.
 */
async function askVendor(bank: BankServices, step: BankStepBinding, request: RpdRequestRow, context: Now): Promise<RpdRequestRow> {
  if (request.status !== 'pending' || !request.vendor_request_id || request.provider !== bank.rpd.vendor) return request;
  const { now } = context;
  const openUntil = request.expires_at + missedPaymentGraceMs;
  const due =
    now < openUntil &&
    (bank.rpd.pollable
      ? request.checked_at === null || now - request.checked_at >= vendorPollMs
      : now >= request.expires_at && (request.checked_at === null || request.checked_at < request.expires_at));
  if (!due) return request;
  await markRpdChecked(bank.db, request.id, now);
  try {
    await applyVendorState(bank, step, request, await bank.rpd.status(request.vendor_request_id, context.deadline), context, openUntil);
  } catch (error) {
    context.log.warn({ err: error, provider: bank.rpd.vendor, requestId: request.id }, 'upi payment status unavailable');
  }
  return (await findRpdRequest(bank.db, request.id)) ?? request;
}

/**
 * The applicant's newest request, or the one `requestId` names (the UPI screen polls its own, so a tab whose
 * request a newer one replaced learns it: a failure with that message). Another applicant's id is not found.
 */
export async function rpdStatus(bank: BankServices, step: BankStepBinding, user: UserRow, context: Now, requestId?: string): Promise<RpdStatus> {
  const { now, texts } = context;
  const latest = await latestRpdRequest(bank.db, user.id, step.stepId);
  const asked = requestId === undefined || requestId === latest?.id ? latest : await findRpdRequest(bank.db, requestId);
  if (requestId !== undefined && (!asked || asked.user_id !== user.id || asked.step_id !== step.stepId)) {
    throw new ApiError(404, 'bank.rpdUnknown');
  }
  if (!latest || !asked) return { status: 'not_started', message: texts.say('bank.rpdNotStarted'), recommended: 'rpd' };
  const request = await settleExpiry(bank, await askVendor(bank, step, asked, context), now);
  const newest = asked.id === latest.id ? request : await settleExpiry(bank, latest, now);
  // After a failed UPI attempt the choice screen offers the manual flow first.
  return { status: request.status, message: texts.words(request.message), recommended: newest.status === 'failure' ? 'penny_drop' : 'rpd' };
}


import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { type ApplicantRow, withPanRecord } from '../platform/applicants';
import { findUserById, lockApplicant } from '../platform/repositories/users';
import type { MessageCode } from '../../core/engine/message-codes';
import type { Database } from '../db/schema';
import type { LanguageTexts } from '../platform/texts';
import { maskAccount } from '../providers/penny-drop/penny-drop';
import type { RpdPayment } from '../providers/upi-rpd/upi-rpd';
import { ApiError } from '../errors';
import type { BankStepBinding } from './bank-step-binding';
import type { BankServices } from './create-bank';
import { namesMatch } from './name-match';
import type { LinkedBankAccount } from './linked-account';
import type { Deadline } from '../providers/call-budget';
import type { SavedStep } from '../steps/step-answers';
import { findBranch } from './repositories/branch-search';
import { type RpdRequestRow, findRpdRequest, resolveRpdRequest } from './repositories/rpd-requests';

/** A UPI payment arriving for one of our requests (the vendor's webhook or status answer): checked, applied once. */

/** The request's language: what a message is worded in. A request's message is stored as its code (older rows hold words). */
export type Words = Pick<LanguageTexts, 'say' | 'words'>;

export interface Now {
  now: number;
  log: FastifyBaseLogger;
  texts: Words;
  /** The request's deadline, for the vendor's calls. */
  deadline: Deadline;
}

/** An expired pending request becomes a failure the first time anyone looks at it (`openUntil`: a later end). */
export async function settleExpiry(bank: BankServices, request: RpdRequestRow, now: number, openUntil = request.expires_at): Promise<RpdRequestRow> {
  if (request.status !== 'pending' || now < openUntil) return request;
  await resolveRpdRequest(bank.db, request.id, { status: 'failure', message: 'bank.rpdExpired', paymentId: null, now });
  return (await findRpdRequest(bank.db, request.id)) ?? request;
}

export interface PaymentOutcome {
  requestId: string;
  status: RpdRequestRow['status'];
  message: string;
  /** True when this delivery resolved the request (and, on success, linked the account). */
  applied: boolean;
}

export const outcome = (request: RpdRequestRow, applied: boolean, texts: Words): PaymentOutcome => ({
  requestId: request.id,
  status: request.status,
  message: texts.words(request.message),
  applied,
});

/**
 * A payment arrived for `requestId` (the vendor's webhook or status answer). Resolves the request once:
 * a repeated delivery, a second payment or a payment after expiry links nothing. The payer's name must
 * match the PAN name; on success the payer's account is linked and the step completed, with the request's resolution
 * in one transaction (the one save path).
 */
export async function receiveRpdPayment(
  bank: BankServices,
  step: BankStepBinding,
  requestId: string,
  payment: RpdPayment,
  { now, log, texts }: Now,
  openUntil?: number,
): Promise<PaymentOutcome> {
  const found = await findRpdRequest(bank.db, requestId);
  if (!found) throw new ApiError(404, 'bank.rpdUnknown');
  const request = await settleExpiry(bank, found, now, openUntil);
  if (request.status !== 'pending') return outcome(request, false, texts);
  const row = await findUserById(bank.db, request.user_id);
  if (!row) throw new ApiError(404, 'bank.rpdUnknown');
  const user = await withPanRecord(bank.db, row);
  // A payer the bank reports without a name cannot be checked: the spec's failure default.
  const named = user.name !== null && payment.payer.name.trim() !== '';
  const matches = named && namesMatch(payment.payer.name, user.name ?? '');
  const status = matches ? 'success' : 'failure';
  const message: MessageCode = matches ? 'bank.rpdVerified' : named ? 'bank.nameMismatch' : 'bank.failed';
  const branch = matches ? await findBranch(bank.db, payment.payer.ifsc) : undefined;
  let applied = false;
  let saved: SavedStep | undefined;
  try {
    // The request's resolution, the payer's account as the step's answers and the move: one transaction.
    ({ applied, saved } = await bank.db.transaction().execute(async (trx) => {
      // A late payment never changes what the applicant has moved past (a submitted application above all).
      const current = await lockApplicant(trx, request.user_id);
      if (!step.isOpen(current?.next_step ?? null)) {
        await resolveRpdRequest(trx, request.id, { status: 'failure', message: 'bank.rpdClosed', paymentId: payment.paymentId, now });
        return { applied: false };
      }
      if (!(await resolveRpdRequest(trx, request.id, { status, message, paymentId: payment.paymentId, now }))) return { applied: false };
      if (!matches) return { applied: true };
      const account: LinkedBankAccount = {
        beneficiaryAccount: payment.payer.accountNumber,
        beneficiaryIFSC: payment.payer.ifsc,
        beneficiaryName: payment.payer.name,
        beneficiaryAccountType: 'savings',
        vpa: null,
        verification: {
          method: 'rpd',
          bankCode: branch?.code ?? payment.payer.ifsc.slice(0, 4),
          bankName: branch?.bank ?? '',
          reference: payment.paymentId,
          verifiedAt: new Date(now).toISOString(),
        },
      };
      return { applied: true, saved: await step.link(trx, current ?? user, account) };
    }));
  } catch (error) {
    // The payment id is unique: the same payment delivered for another request links nothing.
    log.warn({ err: error, requestId }, 'upi payment not applied');
  }
  const fresh = (await findRpdRequest(bank.db, request.id)) ?? request;
  if (applied) {
    log.info({ requestId, status, account: maskAccount(payment.payer.accountNumber) }, 'upi payment received');
    if (saved) await step.linked(saved);
  }
  return outcome(fresh, applied, texts);
}

/** The applicant who was shown this payment request, with their PAN record's name; undefined for an unknown request. */
export async function rpdRequestApplicant(appDb: Kysely<Database>, bankDb: BankServices['db'], requestId: string): Promise<ApplicantRow | undefined> {
  const found = await findRpdRequest(bankDb, requestId);
  const row = found ? await findUserById(appDb, found.user_id) : undefined;
  return row ? withPanRecord(appDb, row) : undefined;
}

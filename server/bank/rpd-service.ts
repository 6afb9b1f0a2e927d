import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type ApplicantRow, withPanRecord } from '../platform/applicants';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RpdStatus } from '../../core/api/types';
import QRCode from 'qrcode';
import { saveLinkedAccount } from './repositories/bank-accounts';
import {
  type RpdRequestRow,
  findRpdRequest,
  insertRpdRequest,
  latestRpdRequest,
  resolveRpdRequest,
  supersedeRpdRequests,
} from './repositories/rpd-requests';
import { findUserById } from '../platform/repositories/users';
import type { UserRow } from '../db/schema';
import { ApiError } from '../errors';
import { maskAccount } from '../providers/penny-drop/penny-drop';
import type { RpdCollect, RpdPayment } from '../providers/upi-rpd/upi-rpd';
import type { BankStepBinding } from './bank-step-binding';
import { findBranch } from './repositories/branch-search';
import type { BankServices } from './create-bank';
import { namesMatch } from './name-match';
import type { MessageCode } from '../../core/engine/message-codes';
import type { LanguageTexts } from '../platform/texts';

export const rpdAmount = '1.00';

export interface RpdStarted {
  requestId: string;
  intentLink: string;
  /** PNG data URL of a QR code holding the intent link. */
  qrCode: string;
}

/** Status data (spec): success or failure with a message; pending while waiting; recommended mode for the choice screen. */
export type { RpdStatus } from '../../core/api/types';

/** The request's language: what a message is worded in. A request's message is stored as its code (older rows hold words). */
type Words = Pick<LanguageTexts, 'say' | 'words'>;

interface Now {
  now: number;
  log: FastifyBaseLogger;
  texts: Words;
}


/** Starts a Rs 1 payment request; the applicant's older pending requests stop counting. */
export async function startRpd(bank: BankServices, step: BankStepBinding, user: UserRow, { now, log, texts }: Now): Promise<RpdStarted> {
  const requestId = `RPD${randomBytes(10).toString('hex').toUpperCase()}`;
  let collect: RpdCollect;
  try {
    collect = await bank.rpd.start({ reference: requestId, amount: rpdAmount, note: texts.say('bank.rpdNote') });
  } catch (error) {
    log.error({ err: error, provider: bank.rpd.name }, 'upi payment request failed');
    throw new ApiError(503, 'bank.unavailable');
  }
  const qrCode = await QRCode.toDataURL(collect.intentLink, { errorCorrectionLevel: 'M', margin: 2, width: 280 });
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
      provider: bank.rpd.name,
      intent_link: collect.intentLink,
      message: 'bank.rpdPending',
      payment_id: null,
      created_at: createdAt,
      expires_at: createdAt + bank.rpdTtlMs,
      resolved_at: null,
    });
  });
  return { requestId, intentLink: collect.intentLink, qrCode };
}

/** An expired pending request becomes a failure the first time anyone looks at it. */
async function settleExpiry(bank: BankServices, request: RpdRequestRow, now: number): Promise<RpdRequestRow> {
  if (request.status !== 'pending' || now < request.expires_at) return request;
  await resolveRpdRequest(bank.db, request.id, { status: 'failure', message: 'bank.rpdExpired', paymentId: null, now });
  return (await findRpdRequest(bank.db, request.id)) ?? request;
}

/**
 * The applicant's newest request, or the one `requestId` names (the UPI screen polls its own, so a tab whose
 * request a newer one replaced learns it: a failure with that message). Another applicant's id is not found.
 */
export async function rpdStatus(bank: BankServices, step: BankStepBinding, user: UserRow, { now, texts }: Omit<Now, 'log'>, requestId?: string): Promise<RpdStatus> {
  const latest = await latestRpdRequest(bank.db, user.id, step.stepId);
  const asked = requestId === undefined || requestId === latest?.id ? latest : await findRpdRequest(bank.db, requestId);
  if (requestId !== undefined && (!asked || asked.user_id !== user.id || asked.step_id !== step.stepId)) {
    throw new ApiError(404, 'bank.rpdUnknown');
  }
  if (!latest || !asked) return { status: 'not_started', message: texts.say('bank.rpdNotStarted'), recommended: 'rpd' };
  const request = await settleExpiry(bank, asked, now);
  const newest = asked.id === latest.id ? request : await settleExpiry(bank, latest, now);
  // After a failed UPI attempt the choice screen offers the manual flow first.
  return { status: request.status, message: texts.words(request.message), recommended: newest.status === 'failure' ? 'penny_drop' : 'rpd' };
}

export interface PaymentOutcome {
  requestId: string;
  status: RpdRequestRow['status'];
  message: string;
  /** True when this delivery resolved the request (and, on success, linked the account). */
  applied: boolean;
}

const outcome = (request: RpdRequestRow, applied: boolean, texts: Words): PaymentOutcome => ({
  requestId: request.id,
  status: request.status,
  message: texts.words(request.message),
  applied,
});

/**
 * A payment arrived for `requestId` (webhook; the sandbox's dev route). Resolves the request once:
 * a repeated delivery, a second payment or a payment after expiry links nothing. The payer's name must
 * match the PAN name; on success the payer's account is linked and the step completed.
 */
export async function receiveRpdPayment(bank: BankServices, step: BankStepBinding, requestId: string, payment: RpdPayment, { now, log, texts }: Now): Promise<PaymentOutcome> {
  const found = await findRpdRequest(bank.db, requestId);
  if (!found) throw new ApiError(404, 'bank.rpdUnknown');
  const request = await settleExpiry(bank, found, now);
  if (request.status !== 'pending') return outcome(request, false, texts);
  const row = await findUserById(bank.db, request.user_id);
  if (!row) throw new ApiError(404, 'bank.rpdUnknown');
  const user = await withPanRecord(bank.db as unknown as Kysely<Database>, row);
  // A payer the bank reports without a name cannot be checked: the spec's failure default.
  const named = user.name !== null && payment.payer.name.trim() !== '';
  const matches = named && namesMatch(payment.payer.name, user.name ?? '');
  const status = matches ? 'success' : 'failure';
  const message: MessageCode = matches ? 'bank.rpdVerified' : named ? 'bank.nameMismatch' : 'bank.failed';
  const branch = matches ? await findBranch(bank.db, payment.payer.ifsc) : undefined;
  let applied = false;
  try {
    applied = await bank.db.transaction().execute(async (trx) => {
      // A late payment never changes what the applicant has moved past (a submitted application above all).
      const current = await findUserById(trx as unknown as Kysely<Database>, request.user_id);
      if (!step.isOpen(current?.next_step ?? null)) {
        await resolveRpdRequest(trx, request.id, { status: 'failure', message: 'bank.rpdClosed', paymentId: payment.paymentId, now });
        return false;
      }
      if (!(await resolveRpdRequest(trx, request.id, { status, message, paymentId: payment.paymentId, now }))) return false;
      if (matches) {
        await saveLinkedAccount(trx, request.user_id, step.stepId, {
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
        }, now);
      }
      return true;
    });
  } catch (error) {
    // The payment id is unique: the same payment delivered for another request links nothing.
    log.warn({ err: error, requestId }, 'upi payment not applied');
  }
  const fresh = (await findRpdRequest(bank.db, request.id)) ?? request;
  if (applied) {
    log.info({ requestId, status, account: maskAccount(payment.payer.accountNumber) }, 'upi payment received');
    if (matches) await step.completeStep(user);
  }
  return outcome(fresh, applied, texts);
}

/** The applicant who was shown this payment request, with their PAN record's name; undefined for an unknown request. */
export async function rpdRequestApplicant(appDb: Kysely<Database>, bankDb: BankServices['db'], requestId: string): Promise<ApplicantRow | undefined> {
  const found = await findRpdRequest(bankDb, requestId);
  const row = found ? await findUserById(appDb, found.user_id) : undefined;
  return row ? withPanRecord(appDb, row) : undefined;
}

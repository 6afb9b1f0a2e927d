import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../db/schema';
import type { ApplicantRow } from '../platform/applicants';
import { ApiError } from '../errors';
import type { Deadline } from '../providers/call-budget';
import { type PennyDropResult, maskAccount } from '../providers/penny-drop/penny-drop';
import type { MessageCode } from '../../core/engine/message-codes';
import type { BankStepBinding } from './bank-step-binding';
import type { LinkedBankAccount } from './linked-account';
import type { BankServices } from './create-bank';
import { namesMatch } from './name-match';
import { resolveBranch } from './resolve-branch';

/** Body of POST /user/add-bank-account (schemas/step-data/bank-details.schema.json). */
export interface BankDetailsBody {
  beneficiaryAccount: string;
  beneficiaryIFSC: string;
  beneficiaryName: string;
  beneficiaryAccountType: 'savings';
  vpa?: string | null;
  pan: string;
  dateOfBirth: string;
}

const refusals: Record<Exclude<PennyDropResult['kind'], 'verified'>, MessageCode> = {
  account_closed: 'bank.closed',
  account_invalid: 'bank.notFound',
};

/**
 * Manual linking: the IFSC must exist, the PAN must be the applicant's, the penny drop must find an
 * open account held in the PAN name. Then the account is stored as the step's answers and the step completed, in one
 * transaction (the one save path).
 */
export async function addBankAccount(
  bank: BankServices,
  step: BankStepBinding,
  user: ApplicantRow,
  body: BankDetailsBody,
  context: { now: number; log: FastifyBaseLogger; deadline: Deadline },
): Promise<UserRow> {
  const { log, deadline } = context;
  if (!user.pan || !user.name || body.pan !== user.pan || body.dateOfBirth !== user.date_of_birth) {
    throw new ApiError(400, 'bank.panMismatch');
  }
  const branch = await resolveBranch(bank, body.beneficiaryIFSC, log, deadline);
  if (!branch) throw new ApiError(400, 'bank.ifscNotFound');
  const masked = maskAccount(body.beneficiaryAccount);
  const reference = `PD${randomBytes(8).toString('hex').toUpperCase()}`;
  let result: PennyDropResult;
  try {
    result = await bank.pennyDrop.verify({ accountNumber: body.beneficiaryAccount, ifsc: branch.ifsc, expectedName: user.name, reference }, deadline);
  } catch (error) {
    log.error({ err: error, provider: bank.pennyDrop.name, account: masked }, 'penny drop failed');
    throw new ApiError(503, 'bank.unavailable');
  }
  if (result.kind !== 'verified') {
    log.info({ provider: bank.pennyDrop.name, account: masked, result: result.kind }, 'bank account refused');
    throw new ApiError(400, refusals[result.kind]);
  }
  // Our rule (the PAN name) decides on the name the bank gives; the vendor's own verdict only when the bank gave none.
  const nameMatches = result.registeredName ? namesMatch(result.registeredName, user.name) : result.vendorNameMatch === 'match';
  if (!nameMatches) {
    log.info({ provider: bank.pennyDrop.name, account: masked }, 'bank account holder name mismatch');
    throw new ApiError(400, 'bank.nameMismatch');
  }
  const account: LinkedBankAccount = {
    beneficiaryAccount: body.beneficiaryAccount,
    beneficiaryIFSC: branch.ifsc,
    beneficiaryName: result.registeredName || user.name,
    beneficiaryAccountType: 'savings',
    vpa: body.vpa ? body.vpa : null,
    verification: {
      method: 'penny_drop',
      bankCode: branch.code,
      bankName: branch.bank,
      reference: result.providerReference || reference,
      verifiedAt: new Date(context.now).toISOString(),
    },
  };
  return step.linked(await bank.db.transaction().execute((trx) => step.link(trx, user, account)));
}

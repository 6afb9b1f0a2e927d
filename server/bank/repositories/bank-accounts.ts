import type { Kysely, Transaction } from 'kysely';
import type { BankDatabase } from '../bank-tables';
import type { Database } from '../../db/schema';
import { findStepAnswers, saveStepAnswers } from '../../platform/repositories/step-store';

/** The bank details payload (spec) as stored, plus how the account was verified. */
export interface LinkedBankAccount {
  beneficiaryAccount: string;
  beneficiaryIFSC: string;
  /** The account holder's name as the bank has it. */
  beneficiaryName: string;
  beneficiaryAccountType: 'savings';
  vpa: string | null;
  verification: {
    /** Spec keys: penny_drop (manual, IFSC and account number) or rpd (UPI reverse penny drop). */
    method: 'penny_drop' | 'rpd';
    bankCode: string;
    bankName: string;
    /** The provider's or our reference for the Rs 1 credit or payment. */
    reference: string;
    verifiedAt: string;
  };
}

/** Links (or replaces) the applicant's account: the bank step's answers in the step store. */
type BankDb = Kysely<BankDatabase> | Transaction<BankDatabase>;
// The bank's tables extend the app's: the step store is the same table either way.
const asAppDb = (db: BankDb) => db as unknown as Kysely<Database>;

export async function saveLinkedAccount(db: BankDb, userId: string, stepId: string, account: LinkedBankAccount, now: number): Promise<void> {
  await saveStepAnswers(asAppDb(db), userId, stepId, { ...account }, now);
}

export async function findLinkedAccount(db: BankDb, userId: string, stepId: string): Promise<LinkedBankAccount | undefined> {
  return (await findStepAnswers(asAppDb(db), userId, stepId)) as LinkedBankAccount | undefined;
}

import type { Kysely } from 'kysely';
import type { BankDatabase } from '../../bank/bank-tables';

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

/** Links (or replaces) the applicant's account for `stepId`: one document per applicant and step. */
export async function saveLinkedAccount(db: Kysely<BankDatabase>, userId: string, stepId: string, account: LinkedBankAccount, now: number): Promise<void> {
  const document = JSON.stringify(account);
  await db
    .insertInto('bank_accounts')
    .values({ user_id: userId, step_id: stepId, document, updated_at: now })
    .onConflict((conflict) => conflict.columns(['user_id', 'step_id']).doUpdateSet({ document, updated_at: now }))
    .execute();
}

export async function findLinkedAccount(db: Kysely<BankDatabase>, userId: string, stepId: string): Promise<LinkedBankAccount | undefined> {
  const row = await db
    .selectFrom('bank_accounts')
    .select('document')
    .where('user_id', '=', userId)
    .where('step_id', '=', stepId)
    .executeTakeFirst();
  return row ? (JSON.parse(row.document) as LinkedBankAccount) : undefined;
}

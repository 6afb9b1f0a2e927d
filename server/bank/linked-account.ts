/**
 * The bank details payload (spec) as linked, plus how the account was verified: the bank step's answers, stored
 * through the one save path (bank-step-binding.ts), which every reader (back office, eSign, data export) reads.
 */
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

import { addBankAccount, type BankAccountBody } from '../api/bank';
import type { SubmitEffect } from './types';

/** Manual linking: the form's bank details (checked with the bank-details schema), an empty UPI ID left out. */
export const saveBankDetails: SubmitEffect = async (data, { api }) => {
  const { vpa, ...rest } = data as unknown as BankAccountBody;
  const body: BankAccountBody = { ...rest, beneficiaryAccountType: 'savings', ...(vpa ? { vpa } : {}) };
  const { message, user } = await addBankAccount(api, body);
  return { message, user };
};

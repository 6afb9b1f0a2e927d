import type { ApiClient } from './client';
import type { RpdStatus, StepSavedResponse } from '../../core/api/types';

/** A bank as GET /utils/bank lists it (sorted by name, case-insensitively). */
export interface Bank {
  name: string;
  code: string;
}

/** A branch as GET /utils/bank/details/{bank}?q= lists it (sorted by IFSC). */
export interface Branch {
  ifsc: string;
  name: string;
  address: string;
  city: string;
  district: string;
  state: string;
}

/** Body of POST /user/add-bank-account: the spec's bank details payload plus pan and dateOfBirth. */
export interface BankAccountBody {
  beneficiaryAccount: string;
  beneficiaryIFSC: string;
  beneficiaryName: string;
  beneficiaryAccountType: 'savings';
  vpa?: string;
  pan: string;
  dateOfBirth: string;
}

/** POST /user/rpd-verification: a Rs 1 UPI request (reverse penny drop). */
export interface RpdStart {
  requestId: string;
  intentLink: string;
  /** PNG data URL of a QR code that encodes intentLink. */
  qrCode: string;
  /** Only while the UPI vendor is simulated: its payments come from POST /api/dev/upi/{requestId}/pay. */
  sandbox?: boolean;
}

export { type RpdStatus, rpdRecommendations, rpdStatuses } from '../../core/api/types';

export const listBanks = (api: ApiClient) => api.get<Bank[]>('/utils/bank');

export const searchBranches = (api: ApiClient, bankCode: string, q: string) =>
  api.get<Branch[]>(`/utils/bank/details/${encodeURIComponent(bankCode)}`, { params: { q } });

export const addBankAccount = (api: ApiClient, body: BankAccountBody) => api.post<StepSavedResponse>('/user/add-bank-account', body);

export const startRpd = (api: ApiClient) => api.post<RpdStart>('/user/rpd-verification');

/** The newest request's status, or that of `requestId` (a screen polls its own: a newer one may have replaced it). */
export const rpdStatus = (api: ApiClient, requestId?: string) =>
  api.get<RpdStatus>('/user/rpd-verification', requestId ? { params: { requestId } } : undefined);

/** The simulated vendor's stand-in for the applicant's UPI app paying Rs 1 (exists only outside production). */
export const simulateUpiPayment = (api: ApiClient, requestId: string) => api.post<unknown>(`/dev/upi/${encodeURIComponent(requestId)}/pay`);

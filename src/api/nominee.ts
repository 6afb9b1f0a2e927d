import type { ApiClient, UploadOptions } from './client';
import type { MessageResponse, StepSavedResponse } from '../../core/api/types';

/**
 * One nominee as POST /user/add-nominee sends it (spec 'Nominee as sent', the items of schemas/step-data/
 * nominee.schema.json): dateOfBirth DD/MM/YYYY, documentProof the name of its file part, guardian fields for a minor.
 */
export interface NomineeAsSent {
  title: string;
  firstName: string;
  lastName: string;
  relation: string;
  dateOfBirth: string;
  phone: string;
  email: string;
  line1: string;
  line2?: string;
  pincode: string;
  city?: string;
  state?: string;
  country?: string;
  sharePercentage: number;
  documentType: string;
  documentNumber: string;
  documentProof: string;
  guardianName?: string;
  guardianAddress?: string;
  guardianPhone?: string;
  guardianEmail?: string;
  guardianRelation?: string;
  guardianPincode?: string;
  guardianCity?: string;
  guardianState?: string;
}

/** The multipart part that carries nominee `index`'s proof of identity. */
export const proofPart = (index: number): string => `documentProof_${index}`;

/** POST /user/add-nominee: `nomineeDetails` (JSON, no files) and one `documentProof_{i}` file per nominee. */
export function addNominees(api: ApiClient, nominees: readonly NomineeAsSent[], proofs: readonly File[], options?: UploadOptions) {
  const body = new FormData();
  body.append('nomineeDetails', JSON.stringify(nominees));
  proofs.forEach((file, index) => body.append(proofPart(index), file, file.name));
  return api.upload<StepSavedResponse>('/user/add-nominee', body, options);
}

/** POST /user/skip-nominee: no body (the spec), or both codes when the opt-out is verified by OTP. */
export const skipNominee = (api: ApiClient, codes?: { mobileOtp: string; emailOtp: string }) => api.post<StepSavedResponse>('/user/skip-nominee', codes);

/** POST /user/skip-nominee/codes: a code to the applicant's mobile and one to their email (an opt-out verified by OTP). */
export const sendOptOutCodes = (api: ApiClient) => api.post<MessageResponse>('/user/skip-nominee/codes');

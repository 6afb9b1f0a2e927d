import type { ApiClient, UploadOptions } from './client';
import type { StepSavedResponse } from '../../core/api/types';

/** POST /user/income-proof (always multipart: the server reads it with the upload pipeline) and the consent status poll. */

export interface AggregatorStart {
  redirectionUrl: string;
  consentId: string;
}

export interface ConsentStatus {
  consentStatus: 'pending' | 'success' | 'failed';
  message: string;
}

export interface ManualIncomeProof {
  documentType: string;
  file: Blob;
  /** Only for a password-protected PDF; never stored by the server. */
  password?: string;
}

function form(fields: Record<string, string>): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

/** The account-aggregator flow: where to send the browser for consent, and the consent's id. */
export const startAggregatorFlow = (api: ApiClient) => api.upload<AggregatorStart>('/user/income-proof', form({ account_aggregator_flow: 'true' }));

export const skipIncomeProof = (api: ApiClient) => api.upload<StepSavedResponse>('/user/income-proof', form({ skip: 'true' }));

export function uploadIncomeProof(api: ApiClient, proof: ManualIncomeProof, options?: UploadOptions): Promise<StepSavedResponse> {
  const body = form({ document_type: proof.documentType, ...(proof.password ? { password: proof.password } : {}) });
  body.append('proof_of_income', proof.file, proof.file instanceof File ? proof.file.name : 'income-proof.pdf');
  return api.upload<StepSavedResponse>('/user/income-proof', body, options);
}

/** The re-KYC declaration (POST /rekyc/income-declaration): the slab, the link's id, and an optional PDF with its type. */
export interface IncomeDeclaration {
  income: string;
  id: string;
  /** The statements the applicant ticked, each sent as 'true'. */
  statements: readonly string[];
  proof?: ManualIncomeProof;
}

export function declareIncome(api: ApiClient, declaration: IncomeDeclaration, options?: UploadOptions): Promise<{ message: string }> {
  const { proof } = declaration;
  const body = form({
    income: declaration.income,
    id: declaration.id,
    ...Object.fromEntries(declaration.statements.map((statement) => [statement, 'true'])),
    ...(proof ? { document_type: proof.documentType } : {}),
    ...(proof?.password ? { password: proof.password } : {}),
  });
  if (proof) body.append('proof_of_income', proof.file, proof.file instanceof File ? proof.file.name : 'income-proof.pdf');
  return api.upload<{ message: string }>('/rekyc/income-declaration', body, options);
}

export const consentStatus = (api: ApiClient, consentId: string) =>
  api.get<ConsentStatus>(`/user/income-proof/${encodeURIComponent(consentId)}`);

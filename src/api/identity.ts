import type { ApiClient } from './client';
import type { EsignPreview, MessageResponse, StepSavedResponse } from '../../core/api/types';

/** The identity widget's calls (KYC, selfie, Aadhaar eSign), as the spec's section 7 names them. */

export type IdentityWorkflow = 'kyc' | 'selfie';

/** The identity vendor's Web SDK to load: Digio's own script, or its simulator's on this origin, and its environment. */
export interface IdentityWidgetConfig {
  sdkUrl: string;
  environment: 'sandbox' | 'production';
}

/** What the widget needs to open one request: Digio's `submit(requestId, identifier, token)`. */
export interface WidgetCredentials {
  requestId: string;
  identifier: string;
  token: string;
}

/** POST /user/initiate-workflow/{kyc|selfie}: credentials plus the provider's status word. */
export interface WorkflowCredentials extends WidgetCredentials {
  status: string;
}

/** One document of POST /user/e-sign-documents (the spec's eSignData entry). */
export interface EsignDocument {
  name: string;
  identifier: string;
  eSignRequestID: string;
  token: string;
  signed: boolean;
}

/** The widget's callback, exactly as Digio's SDK calls it. */
export interface WidgetCallback {
  digio_doc_id: string;
  message: string;
  error_code?: string;
}

export const getIdentityWidget = (api: ApiClient) => api.get<IdentityWidgetConfig>('/identity/widget');

export const initiateWorkflow = (api: ApiClient, workflow: IdentityWorkflow) =>
  api.post<WorkflowCredentials>(`/user/initiate-workflow/${workflow}`);

/** KYC answers {message, user}; so does the selfie. */
export const verifyWorkflow = (api: ApiClient, workflow: IdentityWorkflow, requestId: string) =>
  api.post<StepSavedResponse>(`/user/verify-workflow/${workflow}`, { requestId });

/** 'Preview what you sign': the account opening form's sections as saved, in the applicant's language. */
export const getEsignPreview = (api: ApiClient) => api.get<EsignPreview>('/user/esign-preview');

/** Every document with its signed flag; an unsigned one comes with a fresh request for the widget. */
export const esignDocuments = (api: ApiClient) => api.post<EsignDocument[]>('/user/e-sign-documents');

/** One document's request after the widget: 'Esign for {document} successfully!'. */
export const verifyEsign = (api: ApiClient, requestId: string) => api.post<MessageResponse>('/user/verify-workflow/esign', { requestId });

/** Once every document is signed: the application goes to verification. */
export const initiateVerification = (api: ApiClient) => api.post<StepSavedResponse>('/user/initiate-verification');

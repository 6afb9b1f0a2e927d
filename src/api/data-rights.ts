import type { ApiClient } from './client';
import type { MessageResponse } from './types';

/** The applicant's data rights (DPDP Act 2023): consents per purpose, the export, erasure. */

/** A purpose of the Privacy Notice and the applicant's consent to it as it stands (null: never given). */
export interface ConsentEntry {
  purpose: string;
  required: boolean;
  /** The notice's version the consent was given under. */
  version: string | null;
  givenAt: string | null;
  withdrawnAt: string | null;
}

export interface ConsentsResponse {
  consents: ConsentEntry[];
}

export interface ConsentChangeResponse {
  message: string;
  consent: ConsentEntry;
}

/** 409 to an erasure after submission: what the law keeps, and until when (YYYY-MM-DD). */
export interface ErasureRefusal {
  message: string;
  law: string;
  retainUntil: string;
}

export const listConsents = (api: ApiClient) => api.get<ConsentsResponse>('/user/consents');

export const giveConsent = (api: ApiClient, purpose: string) => api.post<ConsentChangeResponse>(`/user/consents/${encodeURIComponent(purpose)}/give`);

export const withdrawConsent = (api: ApiClient, purpose: string) =>
  api.post<ConsentChangeResponse>(`/user/consents/${encodeURIComponent(purpose)}/withdraw`);

/** GET /user/data-export: a zip of data.json and the applicant's documents. */
export const downloadDataExport = (api: ApiClient) => api.get<Blob>('/user/data-export', { responseType: 'blob' });

/** 202 once erased (before submission); a 409 ApiError after, whose message names the law and the date. */
export const requestErasure = (api: ApiClient) => api.post<MessageResponse>('/user/erasure');

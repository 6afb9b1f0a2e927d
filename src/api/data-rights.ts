import type { ApiClient } from './client';
import type { ConsentChangeResponse, ConsentsResponse, MessageResponse } from '../../core/api/types';

/** The applicant's data rights (DPDP Act 2023): consents per purpose, the export, erasure. */

export type { ConsentChangeResponse, ConsentEntry, ConsentsResponse, ErasureRefusal } from '../../core/api/types';

export const listConsents = (api: ApiClient) => api.get<ConsentsResponse>('/user/consents');

export const giveConsent = (api: ApiClient, purpose: string) => api.post<ConsentChangeResponse>(`/user/consents/${encodeURIComponent(purpose)}/give`);

export const withdrawConsent = (api: ApiClient, purpose: string) =>
  api.post<ConsentChangeResponse>(`/user/consents/${encodeURIComponent(purpose)}/withdraw`);

/** GET /user/data-export: a zip of data.json and the applicant's documents. */
export const downloadDataExport = (api: ApiClient) => api.get<Blob>('/user/data-export', { responseType: 'blob' });

/** 202 once erased (before submission); a 409 ApiError after, whose message names the law and the date. */
export const requestErasure = (api: ApiClient) => api.post<MessageResponse>('/user/erasure');

import type { ApiClient } from './client';
import type { AcknowledgementState } from '../../core/engine/evidence-texts';

/** Evidence texts the applicant acknowledges (the MITC before eSign): which they have, and acknowledging one. */

export type { AcknowledgementState };

export const listAcknowledgements = (api: ApiClient) => api.get<{ acknowledgements: AcknowledgementState[] }>('/user/acknowledgements');

export const acknowledgeEvidence = (api: ApiClient, key: string, version: string) =>
  api.post<AcknowledgementState>(`/user/acknowledgements/${encodeURIComponent(key)}`, { version });

import type { ApiClient } from './client';
import type { PanCheckResponse, StepSavedResponse } from '../../core/api/types';

/** The body of POST /user/pan-number, as schemas/step-data/pan.schema.json describes it. */
export interface PanNumberBody {
  pan: string;
  /** DD/MM/YYYY */
  dateOfBirth: string;
}

/** Looks the PAN up with the KRA registry; the record stays pending until confirmPan. */
export const checkPanNumber = (api: ApiClient, body: PanNumberBody) => api.post<PanCheckResponse>('/user/pan-number', body);

/** The pending check: the KRA's record for the applicant to confirm. */
export const pendingPanCheck = (api: ApiClient) => api.get<PanCheckResponse>('/user/pan-number');

/** Stores the pending record on the applicant and completes the PAN step. */
export const confirmPan = (api: ApiClient) => api.post<StepSavedResponse>('/user/confirm-pan');

import type { ApiClient } from './client';
import type { SignInResponse } from '../../core/api/types';

/** One application under the signed-in number, as GET /applications lists it (issue 30: family members sharing it). */
export interface ApplicationOnNumber {
  id: string;
  name: string | null;
  relationLabel: string | null;
  openedAt: string;
  nextStepTitle: string | null;
  submitted: boolean;
  current: boolean;
}

export interface ApplicationsOnNumber {
  applications: ApplicationOnNumber[];
  relations: { relation: string; label: string }[];
}

export const getApplicationsOnNumber = (api: ApiClient) => api.get<ApplicationsOnNumber>('/applications');

/** Continues another application under the number: a new session for it ({user, token}, as signing in answers). */
export const switchApplication = (api: ApiClient, applicationId: string) => api.post<SignInResponse>('/applications/switch', { applicationId });

/** Opens a family member's application, declaring whose number it is. */
export const openFamilyApplication = (api: ApiClient, relation: string) => api.post<SignInResponse>('/applications/family', { relation });

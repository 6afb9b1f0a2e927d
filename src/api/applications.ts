import type { ApiClient } from './client';
import type { ApplicationsOnNumber, SignInResponse } from '../../core/api/types';

export const getApplicationsOnNumber = (api: ApiClient) => api.get<ApplicationsOnNumber>('/applications');

/** Continues another application under the number: a new session for it ({user, token}, as signing in answers). */
export const switchApplication = (api: ApiClient, applicationId: string) => api.post<SignInResponse>('/applications/switch', { applicationId });

/** Opens a family member's application, declaring whose number it is. */
export const openFamilyApplication = (api: ApiClient, relation: string) => api.post<SignInResponse>('/applications/family', { relation });

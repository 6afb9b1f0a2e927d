import type { ApiClient } from './client';
import type { PersonalDetailsBody, StepSavedResponse } from './types';

/** Body of POST /user/modification/details (schema 'modification-details'): no segments, gender and marital status lowercase. */
export type ModificationDetailsBody = Omit<PersonalDetailsBody, 'segments' | 'otherOptionsDeclaration'>;

export const savePersonalDetails = (api: ApiClient, body: PersonalDetailsBody) =>
  api.post<StepSavedResponse>('/user/personal-details', body);

export const saveModificationDetails = (api: ApiClient, body: ModificationDetailsBody) =>
  api.post<StepSavedResponse>('/user/modification/details', body);

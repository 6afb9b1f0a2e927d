import type { ApiClient } from './client';
import type { ModificationDetailsData } from '../../core/api/generated/schema-types';
import type { PersonalDetailsBody, StepSavedResponse } from '../../core/api/types';

/** Body of POST /user/modification/details: gender and marital status lowercase. */
export type ModificationDetailsBody = ModificationDetailsData;

export const savePersonalDetails = (api: ApiClient, body: PersonalDetailsBody) =>
  api.post<StepSavedResponse>('/user/personal-details', body);

export const saveModificationDetails = (api: ApiClient, body: ModificationDetailsBody) =>
  api.post<StepSavedResponse>('/user/modification/details', body);

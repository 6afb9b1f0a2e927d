import type { ApiClient } from './client';
import type { StepSavedResponse } from './types';

/** POST /user/step/{stepId}: a step that flow.json gives a schema and no routes of its own. */
export const saveStepData = (api: ApiClient, stepId: string, body: Record<string, unknown>) =>
  api.post<StepSavedResponse>(`/user/step/${encodeURIComponent(stepId)}`, body);

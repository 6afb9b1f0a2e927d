import type { ApiClient, UploadOptions } from './client';
import type { StepSavedResponse } from '../../core/api/types';
import type { StepUploadPath } from '../../core/engine/upload-bindings';
import { pickedFile, pickedFileKind } from '../state/picked-files';

const stepUrl = (stepId: string) => `/user/step/${encodeURIComponent(stepId)}`;

/** POST /user/step/{stepId}: a step that flow.json gives a schema and no routes of its own. */
export const saveStepData = (api: ApiClient, stepId: string, body: Record<string, unknown>) => api.post<StepSavedResponse>(stepUrl(stepId), body);

/** Whether form data holds a file the applicant picked (a field of upload kind): then it goes as multipart. */
export const holdsPickedFiles = (data: Record<string, unknown>): boolean => Object.values(data).some((value) => pickedFile(value));

/**
 * The same step as multipart: each picked file in its field (with its kind's size limit checked before sending),
 * every other answer as text (yes/no as 'true'/'false'); unanswered fields are left out. `path`: the spec path
 * flow.json binds the step to, whose multipart names its file fields go under.
 */
export function saveStepFiles(api: ApiClient, stepId: string, data: Record<string, unknown>, options: UploadOptions = {}, path?: StepUploadPath) {
  const body = new FormData();
  const kinds: Record<string, string> = {};
  for (const [field, value] of Object.entries(data)) {
    const file = pickedFile(value);
    const kind = pickedFileKind(value);
    const name = path?.names[field] ?? field;
    if (kind) kinds[name] = kind;
    if (file) body.append(name, file, file.name);
    else if (value !== undefined && value !== null) body.append(field, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return api.upload<StepSavedResponse>(path?.url ?? stepUrl(stepId), body, { ...options, kinds });
}

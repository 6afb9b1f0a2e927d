import type { ApiClient } from './client';
import type { MessageResponse } from '../../core/api/types';

/** POST /help-requests: "Need help?" from any page; signed in, the applicant's own number is used. */
export const requestHelp = (api: ApiClient, body: { route: string; contactTime: string; phone?: string; message?: string }) =>
  api.post<MessageResponse>('/help-requests', body);

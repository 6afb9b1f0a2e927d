import type { Messages } from '../engine/config-types';
import type { ApiErrorBody } from './types';
import { serverMessages } from './types';
import { ApiError } from './api-error';

/** What the transport knew about a failed request; kept free of axios so the catalogue is a pure table. */
export interface FailedRequest {
  status?: number;
  body?: unknown;
  /** Transport code when no response came back ('ECONNABORTED' and 'ETIMEDOUT' mean a timeout). */
  code?: string;
  retryAfter?: string | null;
}

export type CatalogueOutcome = 'unauthorized' | 'outOfSync' | 'other';

export const TIMEOUT_STATUS = 408;
export const NETWORK_STATUS = 503;

function readServerMessage(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { message, errorMessage } = body as Partial<ApiErrorBody>;
  return (typeof message === 'string' && message) || (typeof errorMessage === 'string' && errorMessage) || '';
}

/** Spec section 8: turns a failed request into the ApiError to show, and says which side effect applies. */
export function classify(failure: FailedRequest, messages: Messages): { error: ApiError; outcome: CatalogueOutcome } {
  if (failure.status === undefined) {
    const timedOut = failure.code === 'ECONNABORTED' || failure.code === 'ETIMEDOUT';
    const status = timedOut ? TIMEOUT_STATUS : NETWORK_STATUS;
    return { error: new ApiError(status, messages.errors.timeout ?? 'Server timed out', ''), outcome: 'other' };
  }
  const status = failure.status;
  const serverMessage = readServerMessage(failure.body);
  const errorMessage = (failure.body as Partial<ApiErrorBody> | undefined)?.errorMessage;
  const fallback = messages.errors.fallback ?? 'Something went wrong! Try again.';
  if (status === 401) {
    const text = messages.errors.sessionExpired ?? fallback;
    return { error: new ApiError(status, text, serverMessage), outcome: 'unauthorized' };
  }
  if (status === 400 && serverMessage === serverMessages.outOfSync) {
    const text = messages.errors.outOfSync ?? 'Page out of sync, please retry';
    return { error: new ApiError(status, text, serverMessage), outcome: 'outOfSync' };
  }
  const mapped =
    (errorMessage && messages.serverMessages[errorMessage]) || messages.serverMessages[serverMessage] || serverMessage || fallback;
  const retryAfter = failure.retryAfter ? Number(failure.retryAfter) : undefined;
  return {
    error: new ApiError(status, mapped, serverMessage, Number.isFinite(retryAfter) ? retryAfter : undefined),
    outcome: 'other',
  };
}

import type { Messages } from '../../core/engine/config-types';
import { type MessageCode, isMessageCode, messageText } from '../../core/engine/message-codes';
import type { ApiErrorBody } from '../../core/api/types';
import { ApiError } from './api-error';

/** What the transport knew about a failed request; kept free of axios so the rules below are a pure table. */
export interface FailedRequest {
  status?: number;
  body?: unknown;
  /** Transport code when no response came back ('ECONNABORTED' and 'ETIMEDOUT' mean a timeout). */
  code?: string;
  retryAfter?: string | null;
}

export type FailureOutcome = 'unauthorized' | 'outOfSync' | 'other';

const TIMEOUT_STATUS = 408;
const NETWORK_STATUS = 503;

function readServerMessage(body: unknown): string {
  if (!body || typeof body !== 'object') return '';
  const { message, errorMessage } = body as Partial<ApiErrorBody>;
  return (typeof message === 'string' && message) || (typeof errorMessage === 'string' && errorMessage) || '';
}

function readServerCode(body: unknown): string {
  const code = body && typeof body === 'object' ? (body as Partial<ApiErrorBody>).code : undefined;
  return typeof code === 'string' ? code : '';
}

/** The app's own text for a server code (messages.json `shownAs`, spec section 8), if it shows one. */
function shownText(messages: Messages, serverCode: string): string | undefined {
  const shown = Object.hasOwn(messages.shownAs, serverCode) ? messages.shownAs[serverCode] : undefined;
  return shown !== undefined && isMessageCode(messages, shown) ? messageText(messages, shown) : undefined;
}

/** Spec section 8: turns a failed request into the ApiError to show, and says which side effect applies. */
export function classifyFailure(failure: FailedRequest, messages: Messages): { error: ApiError; outcome: FailureOutcome } {
  if (failure.status === undefined) {
    const timedOut = failure.code === 'ECONNABORTED' || failure.code === 'ETIMEDOUT';
    const status = timedOut ? TIMEOUT_STATUS : NETWORK_STATUS;
    return { error: new ApiError(status, messageText(messages, 'errors.timeout'), ''), outcome: 'other' };
  }
  const status = failure.status;
  const serverMessage = readServerMessage(failure.body);
  const serverCode = readServerCode(failure.body);
  const say = (code: MessageCode) => new ApiError(status, messageText(messages, code), serverMessage, undefined, serverCode);
  if (status === 401) return { error: say('errors.sessionExpired'), outcome: 'unauthorized' };
  if (status === 400 && serverCode === outOfSyncCode) return { error: say('errors.outOfSync'), outcome: 'outOfSync' };
  const retryAfter = failure.retryAfter ? Number(failure.retryAfter) : undefined;
  const text = shownText(messages, serverCode) || serverMessage || messageText(messages, 'errors.fallback');
  return { error: new ApiError(status, text, serverMessage, Number.isFinite(retryAfter) ? retryAfter : undefined, serverCode), outcome: 'other' };
}

/** The server's code for 'please complete previous steps': the page reloads at /refresh (spec section 8). */
export const outOfSyncCode: MessageCode = 'flow.outOfSync';

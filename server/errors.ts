import type { FormatValues } from '../core/engine/format';
import type { MessageCode } from '../core/engine/message-codes';

/**
 * An answer the API gives on purpose: status, the code of its text in flow-config/messages.json (the error handler
 * writes that text's words, placeholders filled from `values`), and optional headers (Retry-After).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    readonly values: FormatValues = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** 429 with Retry-After in whole seconds (at least 1). */
export function tooMany(code: MessageCode, retryAfterMs: number): ApiError {
  return new ApiError(429, code, {}, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

/** Messages by field path, as the step forms show them ('' for the payload as a whole). */
export type FieldMessages = Record<string, string[]>;

/**
 * 400 for a payload that breaks its step schema: the first message (the schema's own words), plus every message by
 * field. A message may also be a code of messages.json (an upload refused under its field), worded by the handler.
 */
export class FieldValidationError extends ApiError {
  constructor(readonly fields: FieldMessages) {
    super(400, 'request.bodyInvalid');
    this.name = 'FieldValidationError';
  }
}

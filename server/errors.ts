/** An answer the API gives on purpose: status, the wire message, and optional headers (Retry-After). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** 429 with Retry-After in whole seconds (at least 1). */
export function tooMany(message: string, retryAfterMs: number): ApiError {
  return new ApiError(429, message, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

/** Messages by field path, as the step forms show them ('' for the payload as a whole). */
export type FieldMessages = Record<string, string[]>;

/** 400 for a payload that breaks its step schema: the first message, plus every message by field. */
export class FieldValidationError extends ApiError {
  constructor(readonly fields: FieldMessages) {
    super(400, Object.values(fields).flat()[0] ?? 'body is not valid');
    this.name = 'FieldValidationError';
  }
}

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

/** The one error shape the UI sees: a status, the text to show, and the server's own words for branching. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    /** The server's message before mapping (e.g. 'mobile number not registered'); '' when there was no response. */
    readonly serverMessage: string,
    /** Seconds from a 429's Retry-After header, when given. */
    readonly retryAfter?: number,
    /** The server's code of its message (flow-config/messages.json: 'signIn.notRegistered'); '' when it gave none. */
    readonly serverCode = '',
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show for any thrown value. */
export function errorText(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

/** A check in the browser refused a submit before any request was made: status 0, the text shown as is. */
export function refusedHere(message: string): ApiError {
  return new ApiError(0, message, '');
}

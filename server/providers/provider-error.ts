/** A message could not be delivered. The message never holds a full phone number, address or code. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  constructor(
    /** Which provider failed, e.g. 'sandbox-sms', 'smtp', 'http-sms'. */
    readonly provider: string,
    message: string,
    /** HTTP status from a gateway, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
  }
}

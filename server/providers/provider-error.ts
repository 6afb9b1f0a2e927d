/** A vendor could not answer as the caller needs. The message never holds a full phone number, address, PAN or code. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';

  constructor(
    /** Which vendor failed, e.g. 'msg91', 'cams', 'smtp'. */
    readonly provider: string,
    message: string,
    /** HTTP status from the vendor, when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`${provider}: ${message}`, options);
  }

  /**
   * Worth trying again, or with a second vendor, within the request's budget: no answer at all (timeout, unreachable),
   * an answer the vendor could not give (5xx) or a rate limit (429). A 4xx is the same answer next time.
   */
  get retryable(): boolean {
    return this.status === undefined || this.status >= 500 || this.status === 429;
  }
}

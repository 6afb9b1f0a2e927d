/**
 * An account aggregator reached as a Financial Information User (Setu-style): create a consent
 * request, send the applicant to its consent page, then read the consent's status. After the
 * applicant acts, the aggregator sends the browser back to our callback with `?id=<consentId>`.
 * Sandbox and HTTP implementations.
 */

export interface ConsentInput {
  /** The applicant's 10-digit mobile: their handle at the aggregator. */
  mobile: string;
  /** Our own reference for the aggregator's records (the applicant's id). */
  reference: string;
}

/** A consent request: its id, and the consent page the browser goes to. */
export interface ConsentRequest {
  id: string;
  url: string;
}

/** approved: the applicant granted the consent (Setu ACTIVE); rejected also covers revoked. */
export type ConsentState = 'pending' | 'approved' | 'rejected' | 'expired';

/** An unreachable or confused aggregator throws ProviderError. */
export interface AccountAggregator {
  readonly name: string;
  createConsent(input: ConsentInput): Promise<ConsentRequest>;
  consentStatus(consentId: string): Promise<ConsentState>;
}

/** Where the aggregator sends the browser back to; it adds `?id=<consentId>`. */
export const defaultConsentCallbackPath = '/income-proof/callback';

/** The callback URL for one consent: `redirectUrl` with `id` set, relative or absolute as given. */
export function consentCallbackUrl(redirectUrl: string, consentId: string): string {
  const absolute = /^https?:\/\//i.test(redirectUrl);
  const url = new URL(redirectUrl, 'http://relative.invalid');
  url.searchParams.set('id', consentId);
  return absolute ? url.toString() : `${url.pathname}${url.search}`;
}

import { type HttpCall, baseUrl, httpCall, jsonObject, text } from '../http-call';
import { ProviderError } from '../provider-error';
import { maskId } from '../mask-id';
import type { AccountAggregator, ConsentState } from './account-aggregator';

export const setuAggregatorName = 'setu-aa';
/** Per call, by default (also the sandbox's own timeout). */
export const aggregatorTimeoutMs = 10_000;

export interface SetuAggregatorOptions {
  /** FIU API base, e.g. https://fiu-sandbox.setu.co/v2 or the production host Setu gives you. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  productInstanceId: string;
  /** Absolute URL of our /income-proof/callback; Setu adds `?id=<consentId>` (and `success`). */
  redirectUrl: string;
  /** How long the consent lasts, and how far back the bank data goes; default 12 months each. */
  consentMonths?: number;
  dataRangeMonths?: number;
  clock?: () => number;
  timeoutMs?: number | undefined;
}

/** Setu's consent status words; PAUSED counts as expired for a one-off income check. */
const states: Record<string, ConsentState> = {
  PENDING: 'pending',
  ACTIVE: 'approved',
  REJECTED: 'rejected',
  REVOKED: 'rejected',
  EXPIRED: 'expired',
  PAUSED: 'expired',
};

function monthsBefore(now: number, months: number): string {
  const date = new Date(now);
  date.setUTCMonth(date.getUTCMonth() - months);
  return date.toISOString();
}

/** Setu's FIU API v2: POST /consents → {id, url, status}; GET /consents/{id} → {status}. */
export function createSetuAggregator(options: SetuAggregatorOptions): AccountAggregator {
  const base = baseUrl(setuAggregatorName, options.baseUrl);
  const timeoutMs = options.timeoutMs ?? aggregatorTimeoutMs;
  const clock = options.clock ?? Date.now;
  const headers = {
    accept: 'application/json',
    'x-client-id': options.clientId,
    'x-client-secret': options.clientSecret,
    'x-product-instance-id': options.productInstanceId,
  };
  const call = async (request: HttpCall) => jsonObject(setuAggregatorName, request, await httpCall(setuAggregatorName, request, timeoutMs));

  return {
    name: setuAggregatorName,
    async createConsent(input) {
      const now = clock();
      const what = 'consent request';
      const answer = await call({
        method: 'POST',
        url: new URL(`${base}/consents`),
        headers,
        what,
        body: {
          consentDuration: { unit: 'MONTH', value: String(options.consentMonths ?? 12) },
          vua: input.mobile,
          dataRange: { from: monthsBefore(now, options.dataRangeMonths ?? 12), to: new Date(now).toISOString() },
          context: [{ key: 'reference', value: input.reference }],
          redirectUrl: options.redirectUrl,
        },
      });
      const id = text(answer.id);
      const url = text(answer.url);
      if (!id || !url) throw new ProviderError(setuAggregatorName, `${what} failed: answer without an id or url`);
      return { id, url };
    },
    async consentStatus(consentId) {
      const what = `status of consent ${maskId(consentId)}`;
      const answer = await call({ method: 'GET', url: new URL(`${base}/consents/${encodeURIComponent(consentId)}`), headers, what });
      const state = states[text(answer.status)?.toUpperCase() ?? ''];
      if (!state) throw new ProviderError(setuAggregatorName, `${what} failed: unexpected status`);
      return state;
    },
  };
}

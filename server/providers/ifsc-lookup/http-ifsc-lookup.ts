import { bankCodeOf, bankName, ifscPattern } from '../../bank/bank-directory';
import { callJson, fieldsOf, httpUrl, text } from '../http-fetch';
import { ProviderError } from '../provider-error';
import type { IfscLookup, IfscLookupResult } from './ifsc-lookup';

export const httpIfscLookupName = 'http-ifsc';
export const razorpayIfscUrl = 'https://ifsc.razorpay.com';

export interface HttpIfscLookupOptions {
  /** Base URL; GET <base>/<IFSC> answers Razorpay's JSON (BANK, IFSC, BRANCH, ADDRESS, CITY, …) or 404. */
  url?: string;
  timeoutMs?: number;
  /** How long answers are kept: found for a day, not found for an hour, by default. */
  foundTtlMs?: number;
  notFoundTtlMs?: number;
  maxEntries?: number;
  clock?: () => number;
}

/** Razorpay's public IFSC API (or a service of the same shape), with an in-memory cache of answers. */
export function createHttpIfscLookup(options: HttpIfscLookupOptions = {}): IfscLookup {
  const base = httpUrl(httpIfscLookupName, options.url ?? razorpayIfscUrl);
  const timeoutMs = options.timeoutMs ?? 5_000;
  const foundTtlMs = options.foundTtlMs ?? 24 * 3_600_000;
  const notFoundTtlMs = options.notFoundTtlMs ?? 3_600_000;
  const maxEntries = options.maxEntries ?? 10_000;
  const clock = options.clock ?? Date.now;
  const cache = new Map<string, { result: IfscLookupResult; until: number }>();

  function remember(ifsc: string, result: IfscLookupResult): IfscLookupResult {
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
    cache.set(ifsc, { result, until: clock() + (result.kind === 'found' ? foundTtlMs : notFoundTtlMs) });
    return result;
  }

  async function ask(ifsc: string): Promise<IfscLookupResult> {
    const url = new URL(`${base.pathname.replace(/\/$/, '')}/${ifsc}`, base);
    const what = `lookup of ${ifsc}`;
    const answer = await callJson({ provider: httpIfscLookupName, url, method: 'GET', timeoutMs, what });
    if (answer.status === 404) return { kind: 'not_found' };
    if (answer.status !== 200) throw new ProviderError(httpIfscLookupName, `${what} failed: service answered ${answer.status}`, answer.status);
    const body = fieldsOf(answer.body);
    if (text(body.IFSC).toUpperCase() !== ifsc) throw new ProviderError(httpIfscLookupName, `${what} failed: unexpected answer`);
    const bankCode = text(body.BANKCODE) || bankCodeOf(ifsc);
    return {
      kind: 'found',
      branch: {
        ifsc,
        bankCode,
        bank: text(body.BANK) || (bankName(bankCode) ?? ''),
        branch: text(body.BRANCH),
        address: text(body.ADDRESS),
        city: text(body.CITY) || text(body.CENTRE),
        district: text(body.DISTRICT),
        state: text(body.STATE),
        micr: text(body.MICR),
        contact: text(body.CONTACT),
      },
    };
  }

  return {
    name: httpIfscLookupName,
    async lookup(ifsc: string): Promise<IfscLookupResult> {
      if (!ifscPattern.test(ifsc)) return { kind: 'not_found' };
      const cached = cache.get(ifsc);
      if (cached && cached.until > clock()) return cached.result;
      cache.delete(ifsc);
      return remember(ifsc, await ask(ifsc));
    },
  };
}

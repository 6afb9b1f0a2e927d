import { bankCodeOf, bankName, ifscPattern } from '../../../bank/bank-directory';
import type { Deadline } from '../../call-budget';
import { failedWith, fieldsOf, parseBaseUrl, textOf } from '../../http';
import { ProviderError } from '../../provider-error';
import type { ClientDeps, VendorSettings } from '../../vendor';
import type { IfscLookup, IfscLookupResult } from '../ifsc';

/**
 * Razorpay's IFSC API: `GET {base}/{IFSC}`, no authentication.
 *
 * Provenance (see ../../../../../shared/vendors/ifsc.md): github.com/razorpay/ifsc-api (the server: app.rb, its test
 * fixture test/HDFC0CAGSBK.json) and github.com/razorpay/ifsc (README, the dataset's scraper): 200 with the branch
 * (upper-case keys BANK, IFSC, BRANCH, ADDRESS, CENTRE, CITY, DISTRICT, STATE, MICR, CONTACT, BANKCODE, ...; missing
 * values as the text "NA", CONTACT/MICR/SWIFT possibly null or empty), 404 with the JSON string "Not Found" for an
 * unknown code. Public rate limits are not documented: answers are cached (a day when found, an hour when not), and a
 * self-hosted copy (docker razorpay/ifsc) is reached by the same variable.
 */

const timeoutMs = 5_000;
const foundTtlMs = 24 * 3_600_000;
const notFoundTtlMs = 3_600_000;
const maxEntries = 10_000;

/** The dataset's "NA" (and null, empty) mean unknown: never shown as a value. */
const known = (value: unknown): string => {
  const text = textOf(value);
  return text === 'NA' ? '' : text;
};

export function createRazorpayIfscClient(settings: VendorSettings, deps: ClientDeps): IfscLookup {
  const vendor = 'razorpay';
  const base = parseBaseUrl(vendor, settings.RAZORPAY_IFSC_BASE_URL ?? '', 'RAZORPAY_IFSC_BASE_URL');
  const cache = new Map<string, { result: IfscLookupResult; until: number }>();

  function remember(ifsc: string, result: IfscLookupResult): IfscLookupResult {
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value as string);
    cache.set(ifsc, { result, until: deps.clock() + (result.kind === 'found' ? foundTtlMs : notFoundTtlMs) });
    return result;
  }

  async function ask(ifsc: string, deadline: Deadline): Promise<IfscLookupResult> {
    const what = `lookup of ${ifsc}`;
    const response = await deps.http.send({ method: 'GET', url: `${base}/${ifsc}`, headers: { accept: 'application/json' }, what, timeoutMs, deadline, maxBytes: 64 * 1024 });
    if (response.status === 404) return { kind: 'not_found' };
    if (response.status !== 200) throw failedWith(vendor, what, response);
    const body = fieldsOf(response.json());
    if (textOf(body.IFSC).toUpperCase() !== ifsc) throw new ProviderError(vendor, `${what} failed: unexpected answer`);
    const bankCode = known(body.BANKCODE) || bankCodeOf(ifsc);
    return {
      kind: 'found',
      branch: {
        ifsc,
        bankCode,
        bank: known(body.BANK) || (bankName(bankCode) ?? ''),
        branch: known(body.BRANCH),
        address: known(body.ADDRESS),
        city: known(body.CITY) || known(body.CENTRE),
        district: known(body.DISTRICT),
        state: known(body.STATE),
        micr: known(body.MICR),
        contact: known(body.CONTACT),
      },
    };
  }

  return {
    name: vendor,
    async lookup(ifsc: string, deadline: Deadline): Promise<IfscLookupResult> {
      if (!ifscPattern.test(ifsc)) return { kind: 'not_found' };
      const cached = cache.get(ifsc);
      if (cached && cached.until > deps.clock()) return cached.result;
      cache.delete(ifsc);
      return remember(ifsc, await ask(ifsc, deadline));
    },
  };
}

/**
 * RazorpayX Fund Account Validation of a bank account, the classic three calls, as documented in
 * github.com/razorpay/markdown-docs@ab3bda5 (razorpay.com/docs/api/x/account-validation/):
 * - api/x/account-validation/create-contact.md: POST /v1/contacts {name (3-50; a-z A-Z 0-9 space ’ - _ / ( ) .),
 *   type (customer…), reference_id (≤ 40)} → {id: 'cont_…'}; an identical contact returns the existing one.
 * - api/x/account-validation/bank-account/create-fund-account.md: POST /v1/fund_accounts {contact_id,
 *   account_type: 'bank_account', bank_account {name (3-120), ifsc, account_number}} → {id: 'fa_…'}.
 * - api/x/account-validation/bank-account.md: POST /v1/fund_accounts/validations {account_number (our RazorpayX
 *   customer identifier, RAZORPAYX_ACCOUNT_NUMBER), fund_account {id}, amount (paise, 100), currency, notes} →
 *   status 'created'; then GET /v1/fund_accounts/validations/{id} (fetch-transactions-with-id.md) until 'completed'
 *   (results.account_status 'active' | 'invalid', registered_name) or 'failed'.
 * - api/x/composite-account-validation/*.md: status_details {source gateway | beneficiary_bank | business | internal,
 *   reason, description}; a 'failed' validation carries a technical reason ("Please retry after 30 min").
 * - api/x/error-codes.md: errors {error: {code, description, source, reason, step, metadata}}; HTTP Basic
 *   key_id:key_secret (api/customers/fetch-all.md: 'The api key provided is invalid').
 * The docs disagree on the result's key: the samples print `results`, the parameter tables `validation_results`; both
 * are read. They give no polling interval (the webhooks are the push alternative), so the status is polled with
 * growing pauses while the request's budget lasts; a validation still 'created' then is a failure worth another vendor.
 * The classic flow returns no name-match score (webhooks and the composite API do): when the bank names the holder,
 * our own rule compares it with the PAN name. RazorpayX has no test mode for validations: its simulator stands in.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Deadline, msUntil } from '../../call-budget';
import { type Http, type HttpResponse, failedWith, fieldsOf, jsonObjectOf, parseBaseUrl, textOf } from '../../http';
import { ProviderError } from '../../provider-error';
import { type PennyDrop, type PennyDropRequest, type PennyDropResult, gradeOfScore, maskAccount } from '../penny-drop';
import { settingVariables } from '../../setting-names';

export const razorpayxVendor = 'razorpayx';
const callTimeoutMs = 8_000;
/** The whole check's own limit (the request's deadline may cut it shorter). */
const checkTimeoutMs = 12_000;
/** Pauses between status polls; the last repeats. */
const pollPausesMs = [0, 250, 500, 1000];

export interface RazorpayxSettings {
  baseUrl: string;
  keyId: string;
  keySecret: string;
  /** The RazorpayX account (customer identifier) the rupee and the fee are debited from. */
  accountNumber: string;
}

/** The variable each setting is read from. */
export const razorpayxSettings = settingVariables<keyof RazorpayxSettings>({
  baseUrl: { name: 'RAZORPAYX_BASE_URL', default: 'https://api.razorpay.com', required: true, meaning: 'RazorpayX API host (validations run in live mode only)' },
  keyId: { name: 'RAZORPAYX_KEY_ID', required: true, meaning: 'API key id (live), for HTTP Basic auth' },
  keySecret: { name: 'RAZORPAYX_KEY_SECRET', required: true, secret: true, meaning: 'Its key secret' },
  accountNumber: { name: 'RAZORPAYX_ACCOUNT_NUMBER', required: true, meaning: 'The RazorpayX customer identifier the rupee and the fee are debited from (dashboard: Banking, Customer Identifier)' },
});

/** RazorpayX's name rules: its characters only, at most `max`, not ending in punctuation other than '.'. */
export function razorpayxName(name: string, max: number): string {
  const cleaned = name.replace(/[^A-Za-z0-9 ’\-_/().]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max).trim();
  return cleaned.replace(/[’\-_/(]+$/, '').trim();
}

/** A validation answer as our result, or undefined while it is still 'created'. */
export function razorpayxValidationResult(validation: Record<string, unknown>, what: string): PennyDropResult | undefined {
  const status = textOf(validation.status);
  if (status === 'created') return undefined;
  const results = fieldsOf(validation.validation_results ?? validation.results);
  if (status === 'completed') {
    const accountStatus = textOf(results.account_status);
    if (accountStatus === 'invalid') return { kind: 'account_invalid' };
    if (accountStatus !== 'active') throw new ProviderError(razorpayxVendor, `${what}: completed without an account status`, 502);
    const vendorNameMatch = gradeOfScore(results.name_match_score);
    return {
      kind: 'verified',
      registeredName: textOf(results.registered_name),
      providerReference: textOf(validation.utr) || textOf(validation.id),
      ...(vendorNameMatch ? { vendorNameMatch } : {}),
    };
  }
  if (status === 'failed') {
    const reason = textOf(fieldsOf(validation.status_details).reason);
    // A technical failure at the partner bank, the beneficiary bank or Razorpay: another vendor may get through.
    throw new ProviderError(razorpayxVendor, `${what}: validation failed${reason ? ` (${reason})` : ''}`);
  }
  throw new ProviderError(razorpayxVendor, `${what}: undocumented status`, 502);
}

const failure = (what: string, response: HttpResponse) => failedWith(razorpayxVendor, what, response, textOf(fieldsOf(fieldsOf(response.json()).error).reason));

export function createRazorpayxPennyDrop(settings: RazorpayxSettings, http: Http): PennyDrop {
  const base = parseBaseUrl(razorpayxVendor, settings.baseUrl, 'RAZORPAYX_BASE_URL');
  const headers = { authorization: `Basic ${Buffer.from(`${settings.keyId}:${settings.keySecret}`).toString('base64')}` };
  const call = async (method: 'GET' | 'POST', path: string, what: string, deadline: Deadline, json?: unknown): Promise<Record<string, unknown>> => {
    const answer = await http.send({ method, url: `${base}${path}`, headers, ...(json === undefined ? {} : { body: { json } }), what, timeoutMs: callTimeoutMs, deadline });
    if (!answer.ok) throw failure(what, answer);
    return jsonObjectOf(razorpayxVendor, what, answer);
  };
  const idOf = (body: Record<string, unknown>, prefix: string, what: string) => {
    const id = textOf(body.id);
    if (!id.startsWith(prefix)) throw new ProviderError(razorpayxVendor, `${what}: answer without an id`, 502);
    return id;
  };

  return {
    name: razorpayxVendor,
    async verify({ accountNumber, ifsc, expectedName, reference }: PennyDropRequest, deadline: Deadline) {
      const what = `verification of ${maskAccount(accountNumber)}`;
      const giveUpAt = performance.now() + checkTimeoutMs;
      const contact = await call('POST', '/v1/contacts', `contact for ${what}`, deadline, {
        name: razorpayxName(expectedName, 50),
        type: 'customer',
        reference_id: reference,
      });
      const fundAccount = await call('POST', '/v1/fund_accounts', `fund account for ${what}`, deadline, {
        contact_id: idOf(contact, 'cont_', 'contact'),
        account_type: 'bank_account',
        bank_account: { name: razorpayxName(expectedName, 120), ifsc, account_number: accountNumber },
      });
      const created = await call('POST', '/v1/fund_accounts/validations', what, deadline, {
        account_number: settings.accountNumber,
        fund_account: { id: idOf(fundAccount, 'fa_', 'fund account') },
        amount: 100,
        currency: 'INR',
        notes: { reference },
      });
      const validationId = idOf(created, 'fav_', 'validation');
      let validation = created;
      for (let poll = 0; ; poll += 1) {
        const result = razorpayxValidationResult(validation, what);
        if (result) return result;
        const pause = pollPausesMs[Math.min(poll, pollPausesMs.length - 1)] ?? 1000;
        // Another poll only when it and its answer fit in what the request has left.
        if (Math.min(msUntil(deadline), giveUpAt - performance.now()) < pause + 500) throw new ProviderError(razorpayxVendor, `${what}: validation still pending`);
        if (pause > 0) await sleep(pause);
        validation = await call('GET', `/v1/fund_accounts/validations/${encodeURIComponent(validationId)}`, `status of ${what}`, deadline);
      }
    },
  };
}

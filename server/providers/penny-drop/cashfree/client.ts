/**
 * Cashfree Secure ID bank account verification, BAV v2 sync (Verification API, version 2023-12-18), as documented:
 * - https://www.cashfree.com/docs/api-reference/vrs/v2/bav-v2/bank-account-verification-sync-v2: POST
 *   {base}/verification/bank-account/sync, headers x-client-id / x-client-secret, body {bank_account (6-40
 *   alphanumeric), ifsc, name (letters, digits, space . - / &; ≤ 100), phone}; 200 {reference_id (int64), name_at_bank,
 *   bank_name, utr, city, branch, micr, name_match_score, name_match_result, account_status, account_status_code,
 *   ifsc_details}; 200 codes ACCOUNT_IS_VALID, INVALID_ACCOUNT_FAIL, ACCOUNT_BLOCKED, INVALID_IFSC_FAIL,
 *   NRE_ACCOUNT_FAIL; 400 messages per field, 401 'Invalid clientId and clientSecret combination', 403 IP not
 *   whitelisted.
 * - …/bav-v2/get-bav-status-v2 and …/bav-response-description: account_status VALID | INVALID | RECEIVED | FAILED |
 *   REJECTED | …; account_status_code adds FRAUD_ACCOUNT, FAILED_AT_BANK, NPCI_UNAVAILABLE, CONNECTION_TIMEOUT,
 *   SOURCE_BANK_DECLINED, BENE_BANK_DECLINED, IMPS_MODE_FAIL, BENEFICIARY_BANK_OFFLINE, INSUFFICIENT_BALANCE, BAV_BLOCKED,
 *   VERIFICATION_ALREADY_UNDER_PROCESS, VALIDATION_IN_PROGRESS; name_match_result DIRECT_MATCH | GOOD_PARTIAL_MATCH |
 *   MODERATE_PARTIAL_MATCH | POOR_PARTIAL_MATCH | NO_MATCH.
 * - …/vrs/data-to-test-integration: the grades' scores (100, 85, 70, 38).
 * What the docs leave open: the error bodies' code and type values for BAV (only the messages are listed), so an
 * error is read by its HTTP status; which statuses the sync call itself can answer besides VALID and INVALID (the
 * status API's are read the same way: a bank-side failure is worth another try or vendor, anything unknown is not).
 */
import { type Http, type HttpResponse, failedWith, fieldsOf, jsonObjectOf, parseBaseUrl, textOf } from '../../http';
import type { CashfreeSettings } from '../../cashfree-shared';
import { ProviderError } from '../../provider-error';
import { type PennyDrop, type PennyDropResult, type VendorNameMatch, gradeOfScore, maskAccount } from '../penny-drop';

export const cashfreePennyDropVendor = 'cashfree';
const callTimeoutMs = 12_000;

/** Not an account we can link: closed or blocked in the bank's words, flagged by Cashfree, or an NRE account. */
const closedCodes = new Set(['ACCOUNT_BLOCKED', 'NRE_ACCOUNT_FAIL', 'FRAUD_ACCOUNT', 'BAV_BLOCKED']);
/** The bank or the rails could not answer: the same check may succeed later or elsewhere. */
const bankSideCodes = new Set([
  'FAILED_AT_BANK',
  'NPCI_UNAVAILABLE',
  'CONNECTION_TIMEOUT',
  'SOURCE_BANK_DECLINED',
  'BENE_BANK_DECLINED',
  'IMPS_MODE_FAIL',
  'BENEFICIARY_BANK_OFFLINE',
  'INSUFFICIENT_BALANCE',
  'VERIFICATION_ALREADY_UNDER_PROCESS',
]);

const grades: Record<string, VendorNameMatch> = {
  DIRECT_MATCH: 'match',
  GOOD_PARTIAL_MATCH: 'match',
  MODERATE_PARTIAL_MATCH: 'partial',
  POOR_PARTIAL_MATCH: 'mismatch',
  NO_MATCH: 'mismatch',
};

/** Letters, digits, spaces and the punctuation Cashfree's name field accepts. */
const cashfreeName = (name: string) => name.replace(/[^A-Za-z0-9 .\-/&]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);

/** A sync answer (or a status answer) as our result; a failure the bank had is a ProviderError without status. */
export function cashfreeBavResult(body: Record<string, unknown>, what: string): PennyDropResult {
  const status = textOf(body.account_status);
  const code = textOf(body.account_status_code);
  if (status === 'VALID') {
    const vendorNameMatch = grades[textOf(body.name_match_result)] ?? gradeOfScore(body.name_match_score);
    const reference = body.reference_id;
    return {
      kind: 'verified',
      registeredName: textOf(body.name_at_bank),
      providerReference: typeof reference === 'number' ? String(reference) : textOf(reference) || textOf(body.utr),
      ...(vendorNameMatch ? { vendorNameMatch } : {}),
    };
  }
  if (status === 'INVALID') return closedCodes.has(code) ? { kind: 'account_closed' } : { kind: 'account_invalid' };
  if (closedCodes.has(code)) return { kind: 'account_closed' };
  if (bankSideCodes.has(code) || status === 'FAILED') throw new ProviderError(cashfreePennyDropVendor, `${what}: the bank could not answer (${code || status})`);
  throw new ProviderError(cashfreePennyDropVendor, `${what}: undocumented answer (${status || 'no status'})`, 502);
}

const failure = (what: string, response: HttpResponse) => failedWith(cashfreePennyDropVendor, what, response, textOf(fieldsOf(response.json()).code));

export function createCashfreePennyDrop(settings: CashfreeSettings, http: Http): PennyDrop {
  const base = parseBaseUrl(cashfreePennyDropVendor, settings.baseUrl, 'CASHFREE_BASE_URL');
  const headers = { 'x-client-id': settings.clientId, 'x-client-secret': settings.clientSecret };
  return {
    name: cashfreePennyDropVendor,
    async verify({ accountNumber, ifsc, expectedName }, deadline) {
      const what = `verification of ${maskAccount(accountNumber)}`;
      const answer = await http.send({
        method: 'POST',
        url: `${base}/verification/bank-account/sync`,
        headers,
        body: { json: { bank_account: accountNumber, ifsc, name: cashfreeName(expectedName) } },
        what,
        timeoutMs: callTimeoutMs,
        deadline,
      });
      if (!answer.ok) throw failure(what, answer);
      return cashfreeBavResult(jsonObjectOf(cashfreePennyDropVendor, what, answer), what);
    },
  };
}

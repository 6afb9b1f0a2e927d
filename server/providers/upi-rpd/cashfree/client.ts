/**
 * Cashfree Secure ID reverse penny drop (Verification API, version 2023-12-18), as its documentation describes it:
 * - https://www.cashfree.com/docs/api-reference/vrs/v2/reverse-penny-drop/create-reverse-penny-drop-request:
 *   POST {base}/verification/reverse-penny-drop, headers x-client-id / x-client-secret, body {verification_id (≤ 50,
 *   [A-Za-z0-9._-]), name}; 200 {verification_id, ref_id, valid_upto, upi_link, gpay, bhim, paytm, phonepe, qr_code
 *   (base64 PNG)}; the link is valid 10 minutes; errors 400 verification_id_value_invalid, 401 authentication_failed,
 *   403 (IP not whitelisted), 422 insufficient_balance, 500 api_error.
 * - …/get-reverse-penny-drop-request-details: GET {base}/verification/remitter/status?verification_id= (or ref_id=):
 *   {bank_account, ifsc, upi, name_at_bank, verification_id, ref_id, utr, status, name_match_score,
 *   name_match_result, added_on, processed_on, penny_collected_on, reversal_status, account_type}.
 * - …/webhooks-reverse-penny (docs.cashfree.com/reference/reverse-penny-webhooks): events
 *   RPD_BANK_ACCOUNT_VERIFICATION_SUCCESS | _EXPIRED | _FAILURE; body {signature, event_type, event_time, version,
 *   data}; the signature: data's values ordered by key, concatenated, HMAC-SHA256 with the client secret, base64.
 *   Cashfree's newer Secure ID pages sign with headers instead (x-webhook-signature = base64 HMAC-SHA256 of
 *   x-webhook-timestamp + raw body, same secret); which an account gets is not documented, so a delivery with those
 *   headers is checked by them, any other by its body's signature.
 * - github.com/cashfree/cashfree-verification-sdk-java@daacc48 (CashfreeVrs.java, CreateRequestRequestSchema,
 *   CreateRequestResponseSchema, GetStatusRpdResponseSchema, ErrorResponseSchema {code, message, type}).
 * What the docs leave open: the status before payment (samples show SUCCESS and EXPIRED only; the FAILURE event's
 * status word is not shown), so SUCCESS, EXPIRED and FAILURE/FAILED are read and anything else is still waiting; how a
 * null or number in data enters the signed text (written as its JSON text, '' for null).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Http, type HttpResponse, failedWith, fieldsOf, jsonObjectOf, parseBaseUrl, textOf } from '../../http';
import type { CashfreeSettings } from '../../cashfree-shared';
import { ProviderError } from '../../provider-error';
import { type ReversePennyDrop, type RpdState, WebhookRefused, zonedTime } from '../upi-rpd';

export const cashfreeRpdVendor = 'cashfree';
const callTimeoutMs = 10_000;

/** Ids and numbers arrive as either (ref_id is a number in one sample, text in another): compared as text. */
const idText = (value: unknown): string => (typeof value === 'number' ? String(value) : textOf(value));

/** A remitter status (or a webhook's data) as a state. */
export function cashfreeRpdState(data: Record<string, unknown>): RpdState {
  const status = textOf(data.status).toUpperCase();
  if (status === 'EXPIRED') return { status: 'failed', reason: 'expired' };
  if (status === 'FAILURE' || status === 'FAILED') return { status: 'failed', reason: 'failed' };
  if (status !== 'SUCCESS') return { status: 'pending' };
  const payer = { accountNumber: textOf(data.bank_account), ifsc: textOf(data.ifsc).toUpperCase(), name: textOf(data.name_at_bank) };
  if (!/^[0-9A-Za-z]{5,40}$/.test(payer.accountNumber) || !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(payer.ifsc)) {
    throw new ProviderError(cashfreeRpdVendor, 'remitter status: SUCCESS without the payer account');
  }
  // The bank's UTR of the rupee names the payment; ref_id (one per request) where a sample leaves it empty.
  const paymentId = idText(data.utr) || `ref-${idText(data.ref_id)}`;
  return { status: 'paid', payment: { paymentId, payer } };
}

/** The text the body signature is computed over: data's values, ordered by key. */
export function signedText(data: Record<string, unknown>): string {
  return Object.keys(data)
    .sort()
    .map((key) => {
      const value = data[key];
      if (value === null || value === undefined) return '';
      return typeof value === 'string' ? value : JSON.stringify(value);
    })
    .join('');
}

export const hmacBase64 = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64');

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const failure = (what: string, response: HttpResponse) => failedWith(cashfreeRpdVendor, what, response, textOf(fieldsOf(response.json()).code));

/** Letters, digits and spaces: what a PAN name holds and Cashfree's name fields accept. */
export const cashfreeName = (name: string) => name.replace(/[^A-Za-z0-9 .]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 100);

export function createCashfreeRpd(settings: CashfreeSettings, http: Http): ReversePennyDrop {
  const base = parseBaseUrl(cashfreeRpdVendor, settings.baseUrl, 'CASHFREE_BASE_URL');
  const headers = { 'x-client-id': settings.clientId, 'x-client-secret': settings.clientSecret };

  return {
    vendor: cashfreeRpdVendor,
    pollable: true,
    async start({ reference, expectedName }, deadline) {
      const what = `payment request ${reference}`;
      const answer = await http.send({
        method: 'POST',
        url: `${base}/verification/reverse-penny-drop`,
        headers,
        body: { json: { verification_id: reference, name: cashfreeName(expectedName) } },
        what,
        timeoutMs: callTimeoutMs,
        deadline,
      });
      if (!answer.ok) throw failure(what, answer);
      const body = jsonObjectOf(cashfreeRpdVendor, what, answer);
      const intentLink = textOf(body.upi_link);
      if (idText(body.verification_id) !== reference || !intentLink.startsWith('upi://')) {
        throw new ProviderError(cashfreeRpdVendor, `${what} failed: no UPI link for this request`);
      }
      const qrPng = textOf(body.qr_code);
      const expiresAt = zonedTime(body.valid_upto);
      return { vendorRequestId: reference, intentLink, ...(qrPng ? { qrPng } : {}), ...(expiresAt === undefined ? {} : { expiresAt }) };
    },
    async status(vendorRequestId, deadline) {
      const what = `status of ${vendorRequestId}`;
      const url = `${base}/verification/remitter/status?verification_id=${encodeURIComponent(vendorRequestId)}`;
      const answer = await http.send({ method: 'GET', url, headers, what, timeoutMs: callTimeoutMs, deadline });
      if (!answer.ok) throw failure(what, answer);
      return cashfreeRpdState(jsonObjectOf(cashfreeRpdVendor, what, answer));
    },
    readWebhook({ headers: received, rawBody }) {
      const headerSignature = received['x-webhook-signature'];
      const timestamp = received['x-webhook-timestamp'];
      let body: Record<string, unknown>;
      try {
        body = fieldsOf(JSON.parse(rawBody));
      } catch {
        throw new WebhookRefused('not JSON');
      }
      const data = fieldsOf(body.data);
      const signed =
        headerSignature && timestamp
          ? sameText(hmacBase64(settings.clientSecret, `${timestamp}${rawBody}`), headerSignature)
          : sameText(hmacBase64(settings.clientSecret, signedText(data)), textOf(body.signature));
      if (!signed) throw new WebhookRefused('signature does not match');
      const vendorRequestId = idText(data.verification_id);
      if (!textOf(body.event_type).startsWith('RPD_BANK_ACCOUNT_VERIFICATION_') || !vendorRequestId) throw new WebhookRefused('not a reverse penny drop event');
      return { vendorRequestId, state: cashfreeRpdState(data) };
    },
  };
}

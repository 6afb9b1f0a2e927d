/**
 * Setu BAV reverse penny drop (Data Gateway), as its documentation describes it:
 * - https://docs.setu.co/data/bav/reverse-penny-drop/api-integration (github.com/SetuHQ/docs @ b658bee,
 *   content/data/bav/reverse-penny-drop/api-integration.mdx): hosts dg-sandbox.setu.co / dg.setu.co; headers
 *   x-client-id, x-client-secret, x-product-instance-id; POST /api/verify/ban/reverse (201: id, shortUrl, status,
 *   traceId, upiBillId, upiLink, validUpto; 400/500: {error: {code, detail, traceId}}); GET
 *   /api/verify/ban/reverse/{requestId} (status, data {bankAccountName, bankAccountIfsc, bankAccountNumber,
 *   payerVpa, accountType, …}; 404 request_not_found); the RPD_VERIFICATION_UPDATE webhook; the statuses
 *   BAV_REVERSE_PENNY_DROP_CREATED | _FAILED | _EXPIRED | _PAYMENT_SUCCESSFUL | _PAYMENT_FAILED | _PII_PURGED
 *   (api-references/data/bav/reverse-penny-drop.json adds _ERROR).
 * - …/reverse-penny-drop/webhook-authentication: Basic, an unspecified "HMAC-SHA256(secret)" or API-key headers,
 *   chosen with Setu; none signs the body in a way the docs define. So a webhook is only a hint: its request id is
 *   read and the state fetched with our credentials (the GET details API, which the docs reserve for exactly this,
 *   "if you're not receiving successful webhook", and not for polling: `pollable` is false).
 * What the docs leave open: the time zone of `validUpto` (none is written, so our own expiry governs); which payment
 * reference the GET answer carries (none: the webhook's transactionId is unsigned), so the request id, one per
 * payment (a paid link cannot be reused), is the payment's reference.
 */
import type { Deadline } from '../../call-budget';
import { type Http, type HttpResponse, failedWith, fieldsOf, jsonObjectOf, parseBaseUrl, textOf as text } from '../../http';
import { ProviderError } from '../../provider-error';
import { type ReversePennyDrop, type RpdState, WebhookRefused, zonedTime } from '../upi-rpd';
import { settingVariables } from '../../setting-names';

export const setuRpdVendor = 'setu';
const provider = setuRpdVendor;
/** One call's own limit; the request's deadline may cut it shorter. */
const callTimeoutMs = 10_000;

export interface SetuRpdSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  productInstanceId: string;
}

/** The variable each setting is read from. */
export const setuRpdSettings = settingVariables<keyof SetuRpdSettings>({
  baseUrl: { name: 'SETU_BAV_BASE_URL', default: 'https://dg.setu.co', required: true, meaning: 'Setu Data Gateway host: https://dg.setu.co, or https://dg-sandbox.setu.co for its sandbox' },
  clientId: { name: 'SETU_BAV_CLIENT_ID', required: true, meaning: 'x-client-id issued by Setu' },
  clientSecret: { name: 'SETU_BAV_CLIENT_SECRET', required: true, secret: true, meaning: 'x-client-secret issued by Setu' },
  productInstanceId: { name: 'SETU_BAV_PRODUCT_INSTANCE_ID', required: true, meaning: 'x-product-instance-id of the reverse penny drop product' },
});

const failures: Record<string, Extract<RpdState, { status: 'failed' }>['reason']> = {
  BAV_REVERSE_PENNY_DROP_EXPIRED: 'expired',
  BAV_REVERSE_PENNY_DROP_FAILED: 'failed',
  BAV_REVERSE_PENNY_DROP_PAYMENT_FAILED: 'failed',
  BAV_REVERSE_PENNY_DROP_ERROR: 'failed',
  // Paid, but the details are gone (purged after a delivered webhook or a day): nothing is left to link.
  BAV_REVERSE_PENNY_DROP_PII_PURGED: 'failed',
};

/** The GET details answer (or a webhook's data.rpd) as a state; an undocumented status is the vendor's fault. */
export function setuRpdState(answer: Record<string, unknown>, requestId: string): RpdState {
  const status = text(answer.status);
  if (status === 'BAV_REVERSE_PENNY_DROP_CREATED') return { status: 'pending' };
  const failed = failures[status];
  if (failed) return { status: 'failed', reason: failed };
  if (status !== 'BAV_REVERSE_PENNY_DROP_PAYMENT_SUCCESSFUL') throw new ProviderError(provider, `status of ${requestId}: unknown status`);
  const data = fieldsOf(answer.data);
  // PPI: a prepaid wallet paid, not a bank account (the docs: "consider it an invalid bank account").
  if (text(data.accountType) === 'PPI') return { status: 'failed', reason: 'not_bank_account' };
  const payer = { accountNumber: text(data.bankAccountNumber), ifsc: text(data.bankAccountIfsc).toUpperCase(), name: text(data.bankAccountName) };
  if (!/^[0-9A-Za-z]{5,40}$/.test(payer.accountNumber) || !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(payer.ifsc)) {
    throw new ProviderError(provider, `status of ${requestId}: paid without the payer's account`);
  }
  return { status: 'paid', payment: { paymentId: requestId, payer } };
}

/** A documented error answer names its code ({error: {code, detail, traceId}}). */
const failure = (what: string, response: HttpResponse) => failedWith(provider, what, response, text(fieldsOf(fieldsOf(response.json()).error).code));

export function createSetuRpd(settings: SetuRpdSettings, http: Http): ReversePennyDrop {
  const base = parseBaseUrl(provider, settings.baseUrl, 'SETU_BAV_BASE_URL');
  const headers = {
    'x-client-id': settings.clientId,
    'x-client-secret': settings.clientSecret,
    'x-product-instance-id': settings.productInstanceId,
  };
  const call = (method: 'GET' | 'POST', path: string, what: string, deadline: Deadline, json?: unknown) =>
    http.send({ method, url: `${base}${path}`, headers, ...(json === undefined ? {} : { body: { json } }), what, timeoutMs: callTimeoutMs, deadline });

  return {
    vendor: setuRpdVendor,
    pollable: false,
    async start({ reference }, deadline) {
      const what = `payment request ${reference}`;
      // additionalData comes back in the webhook and the details: it ties Setu's request to ours for support.
      const answer = await call('POST', '/api/verify/ban/reverse', what, deadline, { additionalData: { reference } });
      if (!answer.ok) throw failure(what, answer);
      const body = jsonObjectOf(provider, what, answer);
      const vendorRequestId = text(body.id);
      const intentLink = text(body.upiLink);
      if (!vendorRequestId || !intentLink.startsWith('upi://')) throw new ProviderError(provider, `${what} failed: no request id or UPI link`);
      const expiresAt = zonedTime(body.validUpto);
      return { vendorRequestId, intentLink, ...(expiresAt === undefined ? {} : { expiresAt }) };
    },
    async status(vendorRequestId, deadline) {
      const what = `status of ${vendorRequestId}`;
      const answer = await call('GET', `/api/verify/ban/reverse/${encodeURIComponent(vendorRequestId)}`, what, deadline);
      if (!answer.ok) throw failure(what, answer);
      return setuRpdState(jsonObjectOf(provider, what, answer), vendorRequestId);
    },
    readWebhook({ rawBody }) {
      let body: Record<string, unknown>;
      try {
        body = fieldsOf(JSON.parse(rawBody));
      } catch {
        throw new WebhookRefused('not JSON');
      }
      const vendorRequestId = text(fieldsOf(fieldsOf(body.data).rpd).id);
      if (text(body.event) !== 'RPD_VERIFICATION_UPDATE' || !vendorRequestId) throw new WebhookRefused('not an RPD_VERIFICATION_UPDATE');
      // Unsigned: only the id is taken; the state comes from the GET details call.
      return { vendorRequestId };
    },
  };
}

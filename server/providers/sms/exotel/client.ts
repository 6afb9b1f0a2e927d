import type { Deadline } from '../../call-budget';
import { fieldsOf, parseBaseUrl, textOf } from '../../http';
import { maskPhone } from '../../mask';
import { ProviderError } from '../../provider-error';
import type { ClientDeps, VendorSettings } from '../../vendor';
import { type SmsClient, type SmsMessage, smsTimeoutMs, templateOf } from '../sms';

/**
 * Exotel's SMS API: one SMS per call, its DLT registration sent with it.
 *
 * Provenance (see ../../../../../shared/vendors/sms-dlt.md §3):
 * - https://developer.exotel.com/docs/sms-api/api-reference/send-sms and https://developer.exotel.com/api/sms:
 *   `POST {host}/v1/Accounts/<account_sid>/Sms/send`, HTTP Basic `api_key:api_token`, form parameters `From` (the
 *   DLT header), `To` (E.164 preferred), `Body` (must match the DLT template), `DltEntityId` (mandatory in India),
 *   `DltTemplateId`, `SmsType` (`transactional` for OTP), `EncodingType` (`plain` or `unicode`), `Priority`
 *   (`normal` or `high`). Hosts: api.exotel.com (Singapore), api.in.exotel.com (Mumbai).
 * - https://developer.exotel.com/api/send-bulk-sms-with-static-content: "append .json" for a JSON answer (the send is
 *   called as `Sms/send.json`).
 * - https://developer.exotel.com/api/sms-details: the JSON answer's `SMSMessage` object (`Sid`, `Status`,
 *   `DetailedStatus`...); https://developer.exotel.com/docs/sms-support/sms-status-codes: `queued` → ... →
 *   `delivered` | `failed`.
 * - https://developer.exotel.com/docs/sms-support/sms-api-errors: errors as `{"RestException":{"Status","Message",
 *   "Code"}}` with the HTTP status (400 bad parameters, 401 credentials, 403, 429, 5xx); 200 or 202 on success.
 * Silent in the pages read: a sample of the send call's own JSON answer (read here as the details API's `SMSMessage`;
 * only `Sid` and `Status` are used). Delivery is asynchronous: a DLT scrubbing failure shows later in the SMS's
 * details (and the StatusCallback, not used), not in this answer.
 */

export function createExotelClient(settings: VendorSettings, deps: ClientDeps): SmsClient {
  const vendor = 'exotel';
  const base = parseBaseUrl(vendor, settings.EXOTEL_BASE_URL ?? '', 'EXOTEL_BASE_URL');
  const sid = encodeURIComponent(settings.EXOTEL_ACCOUNT_SID ?? '');
  const authorization = `Basic ${Buffer.from(`${settings.EXOTEL_API_KEY ?? ''}:${settings.EXOTEL_API_TOKEN ?? ''}`).toString('base64')}`;
  return {
    name: vendor,
    async send(message: SmsMessage, deadline: Deadline): Promise<void> {
      const template = templateOf(vendor, deps, message);
      const what = `sms ${message.template} to ${maskPhone(message.to)}`;
      const response = await deps.http.send({
        method: 'POST',
        url: `${base}/v1/Accounts/${sid}/Sms/send.json`,
        headers: { authorization, accept: 'application/json' },
        body: {
          form: {
            From: settings.EXOTEL_SENDER_ID ?? '',
            To: `+91${message.to}`,
            Body: message.text,
            DltEntityId: settings.EXOTEL_DLT_ENTITY_ID ?? '',
            DltTemplateId: template.dltTemplateId,
            SmsType: 'transactional',
            // A one-time code is only worth anything now.
            Priority: 'high',
            EncodingType: /^[\x20-\x7e\n]*$/.test(message.text) ? 'plain' : 'unicode',
          },
        },
        what,
        timeoutMs: smsTimeoutMs,
        deadline,
      });
      const answer = fieldsOf(response.json());
      const sms = fieldsOf(answer.SMSMessage);
      if (response.ok && textOf(sms.Sid) !== '' && textOf(sms.Status) !== 'failed') return;
      const problem = fieldsOf(answer.RestException);
      const code = textOf(problem.Code) || textOf(sms.DetailedStatus);
      throw new ProviderError(vendor, `${what} failed: answered ${response.status}${code ? ` (${code})` : ''}`, response.status);
    },
  };
}

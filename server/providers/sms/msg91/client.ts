import type { Deadline } from '../../call-budget';
import { fieldsOf, parseBaseUrl, textOf } from '../../http';
import { maskPhone } from '../../mask';
import { ProviderError } from '../../provider-error';
import type { ClientDeps, VendorSettings } from '../../vendor';
import { type SmsClient, type SmsMessage, smsTimeoutMs, templateOf } from '../sms';

/**
 * MSG91's Flow API ("Send SMS via Flow", OneAPI): one templated SMS per call.
 *
 * Provenance (see ../../../../../shared/vendors/sms-dlt.md §1):
 * - https://control.msg91.com/apidoc/textsms/send-sms-flow.php and https://api.msg91.com/apidoc/textsms/send-sms-flow.php:
 *   `POST /api/v5/flow/`, header `authkey`, JSON `{template_id (formerly flow_id), sender, recipients: [{mobiles,
 *   <VAR>...}]}`, `mobiles` in international format without '+' (919876543210), `sender` used when the template's
 *   sender is "FromAPI" (else the template's own); each template variable by its exact name.
 * - https://msg91.com/help/template/how-to-create-flow-id-to-send-sms-via-api and
 *   https://msg91.com/help/dlt-registration-in-india/map-sms-content-template-on-msg91-api-panel: the DLT template id,
 *   header and PE id are attached to the MSG91 template in the panel, not sent in this call. So our templates are
 *   created there with our texts, a {name} placeholder of messages.json written ##name## (variables `code`, `minutes`).
 * - Success `{"type":"success","message":"<request id>"}`; errors `{"type":"error","message":"...","code":"..."}`
 *   (code on some APIs; the classic codes: 207 invalid authkey, 418 IP not whitelisted, 311 duplicate within 10 s).
 * Silent in the documentation read: the HTTP status of an error answer (so any `type` other than "success", or any
 * non-2xx, is a failure), and whether a Unicode (Hindi) template needs a flag in this call (none is sent: the
 * template's own encoding applies). No idempotency key exists: a failed send is not retried here.
 */

export const msg91Timeout = smsTimeoutMs;

export function createMsg91Client(settings: VendorSettings, deps: ClientDeps): SmsClient {
  const vendor = 'msg91';
  const base = parseBaseUrl(vendor, settings.MSG91_BASE_URL ?? '', 'MSG91_BASE_URL');
  const authKey = settings.MSG91_AUTH_KEY ?? '';
  const sender = settings.MSG91_SENDER_ID ?? '';
  return {
    name: vendor,
    async send(message: SmsMessage, deadline: Deadline): Promise<void> {
      const template = templateOf(vendor, deps, message);
      const what = `sms ${message.template} to ${maskPhone(message.to)}`;
      const response = await deps.http.send({
        method: 'POST',
        url: `${base}/api/v5/flow/`,
        headers: { authkey: authKey, accept: 'application/json' },
        body: { json: { template_id: template.msg91TemplateId, sender, short_url: '0', recipients: [{ mobiles: `91${message.to}`, ...message.values }] } },
        what,
        timeoutMs: msg91Timeout,
        deadline,
      });
      const answer = fieldsOf(response.json());
      if (response.ok && answer.type === 'success') return;
      // MSG91's own words can echo the request: only its code and type are kept.
      const code = textOf(answer.code) || (typeof answer.code === 'number' ? String(answer.code) : '');
      throw new ProviderError(vendor, `${what} failed: answered ${response.status}${code ? ` code ${code}` : ''}${answer.type ? ` (${textOf(answer.type)})` : ''}`, response.status);
    },
  };
}

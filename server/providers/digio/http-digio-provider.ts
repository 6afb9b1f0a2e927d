import { type HttpCall, baseUrl, httpCall, jsonObject, record, text } from '../http-call';
import { ProviderError } from '../provider-error';
import { maskId } from '../mask-id';
import type { IdentityApplicant, IdentityOutcome, IdentityProvider, IdentityRequest } from './identity-provider';
import { kycDetails, selfieFileId, signingOutcome, workflowOutcome } from './digio-answers';

export const digioProviderName = 'digio';

export interface DigioOptions {
  /** https://api.digio.in (production) or https://ext.digio.in:444 (Digio's own sandbox). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** KYC workflow templates configured in Digio's dashboard. */
  templates: { kyc: string; selfie: string };
  /** eSign templates by our document key, e.g. { kra_form: 'TMP…', account_opening_form: 'TMP…' }. */
  signTemplates: Record<string, string>;
  /** Whole request; default 10 s (the client gives up at 15 s). */
  timeoutMs?: number | undefined;
}

/** Per call, by default (also the sandbox's own timeout). */
export const digioTimeoutMs = 10_000;

/**
 * Digio's REST API with basic auth (client id and secret): KYC requests from a workflow template
 * (`/client/kyc/v2/request/with_template`, status from `/client/kyc/v2/{id}/response`), eSign
 * requests from document templates (`/v2/client/template/multi_templates/create_sign_request`,
 * status from `/v2/client/document/{id}`, file from `/v2/client/document/download`); a selfie's photo from
 * `/client/kyc/v2/media/{file_id}`.
 */
export function createDigioProvider(options: DigioOptions): IdentityProvider {
  const base = baseUrl(digioProviderName, options.baseUrl);
  const timeoutMs = options.timeoutMs ?? digioTimeoutMs;
  const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
  const headers = { authorization: `Basic ${basic}`, accept: 'application/json' };
  const url = (path: string) => new URL(`${base}${path}`);

  async function callJson(call: HttpCall): Promise<Record<string, unknown>> {
    return jsonObject(digioProviderName, call, await httpCall(digioProviderName, call, timeoutMs));
  }

  /** Both create calls answer `{id, access_token: {id}}` (with generate_access_token). */
  function widgetRequest(answer: Record<string, unknown>, applicant: IdentityApplicant, what: string): IdentityRequest {
    const requestId = text(answer.id);
    const token = text(record(answer.access_token).id);
    if (!requestId || !token) throw new ProviderError(digioProviderName, `${what} failed: answer without an id or access token`);
    const status = text(answer.status) ?? text(answer.agreement_status) ?? 'requested';
    return { requestId, identifier: text(answer.customer_identifier) ?? applicant.identifier, token, status };
  }

  return {
    name: digioProviderName,
    widget: { kind: 'digio', environment: new URL(base).hostname.startsWith('ext.') ? 'sandbox' : 'production' },
    async startWorkflow(workflow, applicant) {
      const what = `${workflow} request`;
      const answer = await callJson({
        method: 'POST',
        url: url('/client/kyc/v2/request/with_template'),
        headers,
        what,
        body: {
          customer_identifier: applicant.identifier,
          ...(applicant.name ? { customer_name: applicant.name } : {}),
          template_name: options.templates[workflow],
          notify_customer: false,
          generate_access_token: true,
          reference_id: applicant.reference,
        },
      });
      return widgetRequest(answer, applicant, what);
    },

    async workflowStatus(workflow, requestId): Promise<IdentityOutcome> {
      const what = `${workflow} status of ${maskId(requestId)}`;
      const path = `/client/kyc/v2/${encodeURIComponent(requestId)}/response`;
      const answer = await callJson({ method: 'POST', url: url(path), headers, what, body: {} });
      const outcome = workflowOutcome(answer);
      if (!outcome) throw new ProviderError(digioProviderName, `${what} failed: unexpected status`);
      return outcome.state === 'approved' ? { state: 'approved', details: kycDetails(answer) } : outcome;
    },

    async startSigning(document, applicant) {
      const template = options.signTemplates[document.key];
      const what = `sign request for ${document.key}`;
      if (!template) throw new ProviderError(digioProviderName, `${what} failed: no template configured`);
      const answer = await callJson({
        method: 'POST',
        url: url('/v2/client/template/multi_templates/create_sign_request'),
        headers,
        what,
        body: {
          signers: [{ identifier: applicant.identifier, ...(applicant.name ? { name: applicant.name } : {}), sign_type: 'aadhaar', reason: document.name }],
          templates: [{ template_key: template, template_values: document.values }],
          file_name: `${document.key}.pdf`,
          expire_in_days: 10,
          display_on_page: 'custom',
          notify_signers: false,
          send_sign_link: false,
          generate_access_token: true,
        },
      });
      return widgetRequest(answer, applicant, what);
    },

    async signingStatus(requestId) {
      const what = `signing status of ${maskId(requestId)}`;
      const answer = await callJson({ method: 'GET', url: url(`/v2/client/document/${encodeURIComponent(requestId)}`), headers, what });
      const outcome = signingOutcome(answer);
      if (!outcome) throw new ProviderError(digioProviderName, `${what} failed: unexpected status`);
      return outcome;
    },

    async downloadSigned(requestId) {
      const call: HttpCall = { method: 'GET', url: url('/v2/client/document/download'), headers: { ...headers, accept: 'application/pdf' }, what: `download of ${maskId(requestId)}` };
      call.url.searchParams.set('document_id', requestId);
      const answer = await httpCall(digioProviderName, call, timeoutMs);
      if (answer.status !== 200) throw new ProviderError(digioProviderName, `${call.what} failed: answered ${answer.status}`, answer.status);
      const head = new TextDecoder().decode(answer.bytes.subarray(0, 5));
      if (head !== '%PDF-') throw new ProviderError(digioProviderName, `${call.what} failed: not a PDF`);
      return answer.bytes;
    },

    // The selfie action of the KYC response names the captured photo's file; the media endpoint serves it.
    async selfieImage(requestId) {
      const what = `selfie image of ${maskId(requestId)}`;
      const path = `/client/kyc/v2/${encodeURIComponent(requestId)}/response`;
      const answer = await callJson({ method: 'POST', url: url(path), headers, what, body: {} });
      const fileId = selfieFileId(answer);
      if (!fileId) return undefined;
      const call: HttpCall = { method: 'GET', url: url(`/client/kyc/v2/media/${encodeURIComponent(fileId)}`), headers: { ...headers, accept: 'image/*' }, what };
      const media = await httpCall(digioProviderName, call, timeoutMs);
      if (media.status !== 200) throw new ProviderError(digioProviderName, `${what} failed: answered ${media.status}`, media.status);
      return media.bytes;
    },
  };
}

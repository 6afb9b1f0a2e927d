/**
 * Digio's REST API for KYC (DigiKYC / DigiStudio templates), the liveness selfie and eSign (DigiDocs v2).
 *
 * Provenance. Digio's reference (documentation.digio.in) sits behind a script-only site and was not among the sources
 * that could be read; this client follows shared/vendors/digio-kyc.md and digio-esign.md, which cite Digio's own
 * "Stateless Cloud SaaS API" PDF (environments), its support-desk article "DIGIDocs v2 APIs" (auth, sign requests), its
 * SDK repositories (digio-tech/*), the v8 Web SDK source, and independent integrations that agree with each other.
 * Checked again for this client (search and public code): frappe/ekyc_india `digio_settings.py` (create body, webhook
 * checksum X-Digio-Checksum = hex HMAC-SHA256 of the raw body, payload keys KYC_REQUEST/kyc_request/document); public
 * Node integrations calling `POST /client/kyc/v2/request/{id}/manage_approval {"status":"approved"}` on
 * `approval_pending` and reading the selfie's photo from `actions[type=selfie].file_id` through
 * `GET /client/kyc/v2/media/{file_id}`; a Python integration naming https://ext-api.digio.in the sandbox REST host.
 *
 * - Auth: HTTP Basic `client_id:client_secret` on every call (digio-kyc.md §2).
 * - KYC: `POST /client/kyc/v2/request/with_template` (§3) with `generate_access_token` for the Web SDK; the result by
 *   `POST /client/kyc/v2/{id}/response` (§4, POST with an empty body); a request held in `approval_pending` is approved
 *   with `POST /client/kyc/v2/request/{id}/manage_approval {"status":"approved"}` (§7; the answer's body is not
 *   documented, so the result is fetched again); the selfie's photo from `GET /client/kyc/v2/media/{file_id}` (§5, the
 *   file itself without base64=true).
 * - Status words (§4): requested, approval_pending, approved, completed, rejected, expired, terminated. Any other word
 *   fails the request and names the word (identity.ts): never a 503 for ever.
 * - eSign: `POST /v2/client/template/multi_templates/create_sign_request` (digio-esign.md §3c), status by
 *   `GET /v2/client/document/{id}` (§4), the signed PDF by `GET /v2/client/document/download?document_id=` (§5).
 *
 * Where the documentation is silent, this client sends and reads nothing: no `transaction_id` (our reference_id is the
 * applicant's id), no `display_on_page`/`sign_coordinates` (the template places the signature; a template that binds
 * its slot to a `signer_tag` is not supported, the tag being the template's own), no `manage_approval` reject (only
 * `approved` is documented), no token re-minting (`/user/auth/generate_token` is seen in one integration only).
 */
import type { Deadline } from '../../call-budget';
import { type Http, type HttpRequest, failedWith, fieldsOf, jsonObjectOf, textOf } from '../../http';
import { maskId } from '../../mask-id';
import { ProviderError } from '../../provider-error';
import type { IdentityApplicant, IdentityOutcome, IdentityProvider, IdentityRequest, IdentitySdk, IdentityWorkflow } from '../identity';
import { kycDetails, kycMeaning, kycStatusOf, selfieFileId, signingOutcome } from './answers';
import { readDigioWebhook } from './webhook';

export const digioVendor = 'digio';

export interface DigioSettings {
  /** REST API: https://api.digio.in (production), https://ext-api.digio.in or https://ext.digio.in:444 (sandbox). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** KYC workflow templates configured in Digio's dashboard (DigiStudio). */
  templates: Record<IdentityWorkflow, string>;
  /** eSign templates by our document key, e.g. { kra_form: 'TMP…', account_opening_form: 'TMP…' }. */
  signTemplates: Readonly<Record<string, string>>;
  /** The webhook secret set in Digio's dashboard; without it every webhook is refused. */
  webhookSecret: string | undefined;
  sdk: IdentitySdk;
}

/** Per call: create, result and status calls answer in well under a second; the request's deadline may cut it shorter. */
export const digioTimeoutMs = 10_000;
/** Approved KYC and selfie answers kept (see `approved`): enough for the requests verified at about the same time. */
const keptApprovedAnswers = 256;
/** A photo or a signed PDF. */
const maxFileBytes = 20 * 1024 * 1024;

export function createDigioClient(settings: DigioSettings, http: Http): IdentityProvider {
  const basic = Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64');
  const headers = { authorization: `Basic ${basic}`, accept: 'application/json' };
  const url = (path: string) => `${settings.baseUrl}${path}`;
  const call = (request: Omit<HttpRequest, 'timeoutMs' | 'headers'> & { headers?: Record<string, string> }) =>
    http.send({ timeoutMs: digioTimeoutMs, ...request, headers: { ...headers, ...request.headers } });

  /** A 2xx JSON object, or the vendor's failure. */
  async function json(request: Parameters<typeof call>[0]): Promise<Record<string, unknown>> {
    const response = await call(request);
    if (!response.ok) throw failedWith(digioVendor, request.what, response);
    return jsonObjectOf(digioVendor, request.what, response);
  }

  /** Both create calls answer `{id, access_token: {id}}` with generate_access_token. */
  function sdkRequest(answer: Record<string, unknown>, applicant: IdentityApplicant, what: string): IdentityRequest {
    const requestId = textOf(answer.id);
    const token = textOf(fieldsOf(answer.access_token).id);
    if (!requestId || !token) throw new ProviderError(digioVendor, `${what} failed: answer without an id or access token`);
    const status = textOf(answer.status) || textOf(answer.agreement_status) || 'requested';
    return { requestId, identifier: textOf(answer.customer_identifier) || applicant.identifier, token, status };
  }

  const kycResponse = (requestId: string, what: string, deadline: Deadline) =>
    json({ method: 'POST', url: url(`/client/kyc/v2/${encodeURIComponent(requestId)}/response`), body: { json: {} }, what, deadline });

  /**
   * Approved answers, kept for the calls that follow (a webhook's status call, then the applicant's verify, then the
   * selfie's photo): an approval is final at Digio, so an approved answer is not fetched again. The latest few only.
   */
  const approved = new Map<string, Record<string, unknown>>();
  const keepApproved = (requestId: string, answer: Record<string, unknown>) => {
    approved.delete(requestId);
    approved.set(requestId, answer);
    for (const oldest of approved.keys()) {
      if (approved.size <= keptApprovedAnswers) break;
      approved.delete(oldest);
    }
  };

  /** Approves a request held for us. A 4xx may mean someone approved it first (the webhook): the result fetched next decides. */
  async function approve(requestId: string, what: string, deadline: Deadline): Promise<void> {
    const path = `/client/kyc/v2/request/${encodeURIComponent(requestId)}/manage_approval`;
    const response = await call({ method: 'POST', url: url(path), body: { json: { status: 'approved' } }, what: `approval of ${what}`, deadline });
    if (!response.ok && response.status !== 400 && response.status !== 409) throw failedWith(digioVendor, `approval of ${what}`, response);
  }

  return {
    name: digioVendor,
    sdk: settings.sdk,

    async startWorkflow(workflow, applicant, deadline) {
      const what = `${workflow} request`;
      const answer = await json({
        method: 'POST',
        url: url('/client/kyc/v2/request/with_template'),
        what,
        deadline,
        body: {
          json: {
            customer_identifier: applicant.identifier,
            ...(applicant.name ? { customer_name: applicant.name } : {}),
            template_name: settings.templates[workflow],
            notify_customer: false,
            generate_access_token: true,
            reference_id: applicant.reference,
          },
        },
      });
      return sdkRequest(answer, applicant, what);
    },

    async workflowStatus(workflow, requestId, deadline): Promise<IdentityOutcome> {
      const what = `${workflow} status of ${maskId(requestId)}`;
      const known = approved.get(requestId);
      if (known) return { state: 'approved', details: kycDetails(known) };
      let answer = await kycResponse(requestId, what, deadline);
      if (kycMeaning(kycStatusOf(answer)).state === 'approval') {
        await approve(requestId, what, deadline);
        answer = await kycResponse(requestId, what, deadline);
      }
      const meaning = kycMeaning(kycStatusOf(answer));
      switch (meaning.state) {
        case 'approved':
          keepApproved(requestId, answer);
          return { state: 'approved', details: kycDetails(answer) };
        case 'pending':
        case 'approval':
          return { state: 'pending' };
        case 'failed':
          return meaning;
      }
    },

    async startSigning(document, applicant, deadline) {
      const template = settings.signTemplates[document.key];
      const what = `sign request for ${document.key}`;
      if (!template) throw new ProviderError(digioVendor, `${what} failed: no template configured`);
      const answer = await json({
        method: 'POST',
        url: url('/v2/client/template/multi_templates/create_sign_request'),
        what,
        deadline,
        body: {
          json: {
            signers: [{ identifier: applicant.identifier, ...(applicant.name ? { name: applicant.name } : {}), sign_type: 'aadhaar', reason: document.name }],
            templates: [{ template_key: template, template_values: document.values }],
            file_name: `${document.key}.pdf`,
            expire_in_days: 10,
            notify_signers: false,
            send_sign_link: false,
            generate_access_token: true,
          },
        },
      });
      return sdkRequest(answer, applicant, what);
    },

    async signingStatus(requestId, deadline) {
      const what = `signing status of ${maskId(requestId)}`;
      return signingOutcome(await json({ method: 'GET', url: url(`/v2/client/document/${encodeURIComponent(requestId)}`), what, deadline }));
    },

    async downloadSigned(requestId, deadline) {
      const what = `download of ${maskId(requestId)}`;
      const target = new URL(url('/v2/client/document/download'));
      target.searchParams.set('document_id', requestId);
      const response = await call({ method: 'GET', url: target, headers: { accept: 'application/pdf' }, what, deadline, maxBytes: maxFileBytes });
      if (!response.ok) throw failedWith(digioVendor, what, response);
      if (new TextDecoder().decode(response.bytes.subarray(0, 5)) !== '%PDF-') throw new ProviderError(digioVendor, `${what} failed: not a PDF`);
      return response.bytes;
    },

    async selfieImage(requestId, deadline) {
      const what = `selfie image of ${maskId(requestId)}`;
      const fileId = selfieFileId(approved.get(requestId) ?? (await kycResponse(requestId, what, deadline)));
      if (!fileId) return undefined;
      const response = await call({ method: 'GET', url: url(`/client/kyc/v2/media/${encodeURIComponent(fileId)}`), headers: { accept: '*/*' }, what, deadline, maxBytes: maxFileBytes });
      if (!response.ok) throw failedWith(digioVendor, what, response);
      return response.bytes;
    },

    readWebhook: (body, header) => readDigioWebhook(settings.webhookSecret, body, header),
  };
}

/**
 * Setu Account Aggregator, FIU API v2 (the AA Gateway), as Setu documents it. Provenance: the team's summary ../shared/vendors/setu-aa.md (beside the repository),
 * which summarises SetuHQ/docs @ b658bee (the source of docs.setu.co):
 * - https://docs.setu.co/data/account-aggregator/api-reference (api-references/data/account-aggregator.json):
 *   POST /users/login on https://orgservice-prod.setu.co/v1 (header `client: bridge`, {clientID, secret, grant_type}
 *   → {access_token}); every FIU call with `Authorization: Bearer` and `x-product-instance-id`; CreateConsentRequestV2,
 *   ConsentResponseV2 (statuses PENDING, INITIATED, FAILED, ACTIVE, PAUSED, REVOKED, EXPIRED, REJECTED),
 *   CreateFIDataFetchRequestV2, FIDataFetchResponseV2 (ACTIVE, PENDING, COMPLETED, EXPIRED, FAILED, PARTIAL), DepositJSON.
 * - https://docs.setu.co/data/account-aggregator/api-integration/consent-flow: POST /v2/consents (201), GET
 *   /v2/consents/{id} (404 'Consent not found'; 400 'Consent has expired'), GET /v2/consents/{id}/data-sessions.
 * - https://docs.setu.co/data/account-aggregator/api-integration/data-apis: POST /v2/sessions, GET /v2/sessions/{id}.
 * - https://docs.setu.co/data/account-aggregator/consent-object: the consent request's fields and purpose codes.
 * - https://docs.setu.co/data/account-aggregator/api-integration/notifications: CONSENT_STATUS_UPDATE,
 *   SESSION_STATUS_UPDATE (and FI_DATA_READY / FI_DATA_FAILED of data-apis' auto-fetch): no signature is documented,
 *   so a notification only names the consent to read again.
 * - https://docs.setu.co/payments/umap/api-integration: the login token lasts 300 s; log in again at the 4th minute
 *   (stated for the same login service, assumed for AA). No refresh call is documented for AA: refreshing is logging
 *   in again. That an expired token gets a 401 is not documented: a 401 logs in again once and retries.
 * The documented examples are in ./fixtures, shared by the client's and the simulator's contract tests.
 */
import type { ClientDeps } from '../../vendor';
import type { Deadline } from '../../call-budget';
import { type HttpResponse, failedWith, fieldsOf, parseBaseUrl, textOf } from '../../http';
import { maskId } from '../../mask-id';
import { ProviderError } from '../../provider-error';
import type { AccountAggregator, ConsentState, DataRange, DataSessionState } from '../account-aggregator';
import { depositStatements } from './deposit-data';

/** Per call; the request's deadline may cut it shorter. */
export const setuCallTimeoutMs = 10_000;
/** The login token lasts 300 s; it is replaced at the 4th minute, as Setu advises. */
export const tokenReuseMs = 240_000;
/** A year of statements from a few accounts; larger than the default cap of one answer. */
const sessionMaxBytes = 16 * 1024 * 1024;

export interface SetuAggregatorSettings {
  /** FIU API base: https://fiu.setu.co, or https://fiu-sandbox.setu.co. */
  baseUrl: string;
  /** Login service base: https://orgservice-prod.setu.co (for sandbox and production credentials alike). */
  authUrl: string;
  clientId: string;
  clientSecret: string;
  productInstanceId: string;
}

/** What each documented consent status means for an income check. */
export const consentStates: Readonly<Record<string, ConsentState>> = {
  PENDING: 'pending',
  // The applicant is still choosing a bank (multi-AA gateway with a bare mobile): nothing decided yet.
  INITIATED: 'pending',
  ACTIVE: 'approved',
  REJECTED: 'rejected',
  // Withdrawn after approval: no data may be fetched, as if declined.
  REVOKED: 'rejected',
  PAUSED: 'rejected',
  EXPIRED: 'expired',
  FAILED: 'failed',
};

const sessionStates: Record<string, DataSessionState> = {
  ACTIVE: 'pending',
  PENDING: 'pending',
  COMPLETED: 'ready',
  PARTIAL: 'partial',
  FAILED: 'failed',
  EXPIRED: 'expired',
};

const notificationTypes = new Set(['CONSENT_STATUS_UPDATE', 'SESSION_STATUS_UPDATE', 'FI_DATA_READY', 'FI_DATA_FAILED']);
/** Setu's ids are UUIDs; anything else in a notification is not one of ours. */
const idPattern = /^[A-Za-z0-9-]{1,100}$/;

/** What Onboard asks for: one look at the deposit accounts' statements, to prove income for F&O trading. */
const consentTerms = {
  consentDuration: { unit: 'MONTH', value: 1 },
  purpose: { code: '105', text: 'Proof of income for futures and options trading', refUri: 'https://api.rebit.org.in/aa/purpose/105.xml', category: { type: 'string' } },
  fetchType: 'ONETIME',
  consentMode: 'STORE',
  consentTypes: ['PROFILE', 'SUMMARY', 'TRANSACTIONS'],
  fiTypes: ['DEPOSIT'],
  dataLife: { unit: 'MONTH', value: 1 },
  // Room to open a new session when one fails, as Setu advises.
  frequency: { unit: 'DAY', value: 4 },
} as const;

interface Call {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Words for error messages; never personal data. */
  what: string;
  deadline: Deadline;
  maxBytes?: number;
}

const objectOf = (response: HttpResponse): Record<string, unknown> | undefined => {
  const body = response.json();
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
};

/** Setu's error code (never its message, which may quote the request), for error messages. */
const errorCode = (response: HttpResponse) => textOf(objectOf(response)?.errorCode).replace(/[^A-Za-z ]/g, '').slice(0, 40);

export function createSetuAggregator(settings: SetuAggregatorSettings, deps: Pick<ClientDeps, 'clock' | 'http' | 'publicUrl'>): AccountAggregator {
  const vendor = deps.http.vendor;
  const fiu = parseBaseUrl(vendor, settings.baseUrl, 'SETU_AA_BASE_URL');
  const auth = parseBaseUrl(vendor, settings.authUrl, 'SETU_AUTH_URL');
  let token: { value: string; reuseUntil: number } | undefined;
  let loggingIn: Promise<string> | undefined;

  async function logIn(deadline: Deadline): Promise<string> {
    const what = 'login';
    const response = await deps.http.send({
      method: 'POST',
      url: `${auth}/v1/users/login`,
      headers: { accept: 'application/json', client: 'bridge' },
      body: { json: { clientID: settings.clientId, grant_type: 'client_credentials', secret: settings.clientSecret } },
      what,
      timeoutMs: setuCallTimeoutMs,
      deadline,
    });
    if (!response.ok) throw failedWith(vendor, what, response, errorCode(response));
    const value = textOf(objectOf(response)?.access_token);
    if (!value) throw new ProviderError(vendor, `${what} failed: answer without an access_token`);
    token = { value, reuseUntil: deps.clock() + tokenReuseMs };
    return value;
  }

  /** The cached token while it is fresh; one login at a time for everyone waiting (within the first one's deadline). */
  async function bearer(deadline: Deadline): Promise<string> {
    if (token && deps.clock() < token.reuseUntil) return token.value;
    loggingIn ??= logIn(deadline).finally(() => {
      loggingIn = undefined;
    });
    return loggingIn;
  }

  function send(call: Call, accessToken: string): Promise<HttpResponse> {
    return deps.http.send({
      method: call.method,
      url: `${fiu}${call.path}`,
      headers: { accept: 'application/json', authorization: `Bearer ${accessToken}`, 'x-product-instance-id': settings.productInstanceId },
      ...(call.body === undefined ? {} : { body: { json: call.body } }),
      what: call.what,
      timeoutMs: setuCallTimeoutMs,
      deadline: call.deadline,
      ...(call.maxBytes ? { maxBytes: call.maxBytes } : {}),
    });
  }

  /** One FIU call; a 401 (the token expired or was replaced) logs in again once and retries. */
  async function fiuCall(call: Call): Promise<HttpResponse> {
    const first = await bearer(call.deadline);
    const response = await send(call, first);
    if (response.status !== 401) return response;
    if (token?.value === first) token = undefined;
    return send(call, await bearer(call.deadline));
  }

  /** The JSON object of a 2xx answer, else a ProviderError naming Setu's error code. */
  async function fiuObject(call: Call): Promise<Record<string, unknown>> {
    const response = await fiuCall(call);
    if (!response.ok) throw failedWith(vendor, call.what, response, errorCode(response));
    const body = objectOf(response);
    if (!body) throw new ProviderError(vendor, `${call.what} failed: answer is not a JSON object`);
    return body;
  }

  return {
    name: vendor,
    webhook: 'setu-aa',

    async createConsent(input, deadline) {
      const what = 'consent request';
      const body = await fiuObject({
        method: 'POST',
        path: '/v2/consents',
        what,
        deadline,
        body: { vua: input.mobile, ...consentTerms, dataRange: input.dataRange, redirectUrl: `${deps.publicUrl.replace(/\/+$/, '')}${input.returnPath}` },
      });
      const id = textOf(body.id);
      const url = textOf(body.url);
      if (!id || !url) throw new ProviderError(vendor, `${what} failed: answer without an id or url`);
      return { id, url };
    },

    async consentState(consentId, deadline) {
      const what = `status of consent ${maskId(consentId)}`;
      const response = await fiuCall({ method: 'GET', path: `/v2/consents/${encodeURIComponent(consentId)}`, what, deadline });
      // Documented: GET of an expired consent answers 400 'Consent has expired' (other 400s are Setu's trouble).
      if (response.status === 400 && /expired/i.test(textOf(objectOf(response)?.errorMsg))) return 'expired';
      if (!response.ok) throw failedWith(vendor, what, response, errorCode(response));
      const state = consentStates[textOf(objectOf(response)?.status).toUpperCase()];
      if (!state) throw new ProviderError(vendor, `${what} failed: unexpected status`);
      return state;
    },

    async startDataSession(consentId, dataRange: DataRange, deadline) {
      const what = `data session of consent ${maskId(consentId)}`;
      const body = await fiuObject({ method: 'POST', path: '/v2/sessions', what, deadline, body: { consentId, dataRange, format: 'json' } });
      const id = textOf(body.id);
      const state = sessionStates[textOf(body.status).toUpperCase()];
      if (!id || !state) throw new ProviderError(vendor, `${what} failed: answer without an id or a known status`);
      return { id, state };
    },

    async dataSession(sessionId, deadline) {
      const what = `data session ${maskId(sessionId)}`;
      const body = await fiuObject({ method: 'GET', path: `/v2/sessions/${encodeURIComponent(sessionId)}`, what, deadline, maxBytes: sessionMaxBytes });
      const state = sessionStates[textOf(body.status).toUpperCase()];
      if (!state) throw new ProviderError(vendor, `${what} failed: unexpected status`);
      const statements = state === 'ready' || state === 'partial' ? depositStatements(body.fips) : [];
      return { id: sessionId, state, statements };
    },

    async latestDataSession(consentId, deadline) {
      const what = `data sessions of consent ${maskId(consentId)}`;
      const body = await fiuObject({ method: 'GET', path: `/v2/consents/${encodeURIComponent(consentId)}/data-sessions`, what, deadline });
      const sessions = Array.isArray(body.dataSessions) ? body.dataSessions : [];
      return textOf(fieldsOf(sessions[0]).sessionId) || undefined;
    },

    readNotification(body) {
      const fields = fieldsOf(body);
      const consentId = textOf(fields.consentId);
      if (!notificationTypes.has(textOf(fields.type)) || !idPattern.test(consentId)) return undefined;
      return { consentId, about: fields.type === 'CONSENT_STATUS_UPDATE' ? 'consent' : 'data' };
    },
  };
}

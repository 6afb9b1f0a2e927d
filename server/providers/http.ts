import { type Deadline, callLimitMs } from './call-budget';
import { AnswerTooLarge, exchange, headersOf, type RawAnswer } from './http-transport';
import { ProviderError } from './provider-error';

/**
 * The one way Onboard calls a vendor over HTTP (Node's http client on keep-alive pools, http-transport.ts): the call's
 * own timeout cut to what the request's deadline has left (call-budget.ts), a cap on the answer's size, JSON, form, XML
 * or raw bodies, and errors (ProviderError) that name the vendor and the call in words the caller chose, never the
 * request's data.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** At most one body. */
export type HttpBody =
  | { json: unknown }
  /** application/x-www-form-urlencoded */
  | { form: Record<string, string> }
  /** Text of the given type: XML, SOAP envelopes. */
  | { text: string; contentType: string }
  | { bytes: Uint8Array<ArrayBuffer>; contentType: string };

export interface HttpRequest {
  method: HttpMethod;
  url: string | URL;
  headers?: Record<string, string>;
  body?: HttpBody;
  /** Words for error messages, e.g. 'status of KID***JL' or 'lookup of AB*******F'; never personal data in full. */
  what: string;
  /** The call's own limit; the request's deadline may cut it shorter. */
  timeoutMs: number;
  /** The deadline of the request this call serves (`noDeadline` outside one). */
  deadline: Deadline;
  /** Largest answer read; default 1 MiB. Bigger answers fail (ProviderError) without being read on. */
  maxBytes?: number;
}

export interface HttpResponse {
  status: number;
  /** 2xx. */
  ok: boolean;
  headers: Headers;
  /** The media type, lower case, without parameters ('application/json'). */
  contentType: string;
  bytes: Uint8Array;
  /** The body as UTF-8 text. */
  text(): string;
  /** The body as JSON; undefined when it is empty or not JSON. */
  json(): unknown;
}

/** A vendor's HTTP: `send` answers every status (only transport failures throw); errors name `vendor`. */
export interface Http {
  readonly vendor: string;
  send(request: HttpRequest): Promise<HttpResponse>;
}

export const defaultMaxAnswerBytes = 1024 * 1024;

/**
 * Why a call failed, in words that name no request data: 'timed out after 5000 ms' (the call's own timeout, or what
 * the request's deadline left it), or 'unreachable (ECONNREFUSED)'.
 */
export function describeFetchError(error: unknown, limitMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `timed out after ${limitMs} ms`;
  const cause = error instanceof Error ? (error.cause ?? error) : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  return code ? `unreachable (${code})` : 'unreachable';
}

function encodeBody(body: HttpBody | undefined): { body?: string | Uint8Array<ArrayBuffer>; contentType?: string } {
  if (!body) return {};
  if ('json' in body) return { body: JSON.stringify(body.json), contentType: 'application/json' };
  if ('form' in body) return { body: new URLSearchParams(body.form).toString(), contentType: 'application/x-www-form-urlencoded' };
  if ('text' in body) return { body: body.text, contentType: body.contentType };
  return { body: body.bytes, contentType: body.contentType };
}

function answer(raw: RawAnswer): HttpResponse {
  let decoded: string | undefined;
  let headers: Headers | undefined;
  const text = () => (decoded ??= new TextDecoder().decode(raw.bytes));
  return {
    status: raw.status,
    ok: raw.status >= 200 && raw.status <= 299,
    get headers() {
      return (headers ??= headersOf(raw.headers));
    },
    contentType: (raw.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '',
    bytes: raw.bytes,
    text,
    json() {
      const body = text();
      if (body.trim() === '') return undefined;
      try {
        return JSON.parse(body) as unknown;
      } catch {
        return undefined;
      }
    },
  };
}

/** Sends one request within its limit; any answer comes back (status included), transport failures throw ProviderError. */
export async function send(vendor: string, request: HttpRequest): Promise<HttpResponse> {
  const limitMs = callLimitMs(request.timeoutMs, request.deadline);
  const { body, contentType } = encodeBody(request.body);
  const headers: Record<string, string> = { ...(contentType ? { 'content-type': contentType } : {}), ...request.headers };
  try {
    const url = typeof request.url === 'string' ? new URL(request.url) : request.url;
    return answer(await exchange({ url, method: request.method, headers, body, limitMs, maxBytes: request.maxBytes ?? defaultMaxAnswerBytes }));
  } catch (error) {
    if (error instanceof AnswerTooLarge) throw new ProviderError(vendor, `${request.what} failed: answer too large`);
    throw new ProviderError(vendor, `${request.what} failed: ${describeFetchError(error, limitMs)}`);
  }
}

/** The Http of one vendor: what ClientDeps.http is. */
export function createHttp(vendor: string): Http {
  return { vendor, send: (request) => send(vendor, request) };
}

/** A URL from configuration, checked once at start-up: http or https only. `variable` names it in the error. */
export function parseHttpUrl(vendor: string, value: string, variable: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ProviderError(vendor, `${variable} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProviderError(vendor, `${variable} must be http or https, not ${url.protocol}`);
  return url;
}

/** A base URL checked once at start-up, without its trailing slash: `${base}/path` joins it. */
export function parseBaseUrl(vendor: string, value: string, variable: string): string {
  return parseHttpUrl(vendor, value, variable).toString().replace(/\/+$/, '');
}

/** A non-2xx answer as the vendor's failure, with its status (ProviderError.retryable follows it). */
export function failedWith(vendor: string, what: string, response: HttpResponse, detail = ''): ProviderError {
  return new ProviderError(vendor, `${what} failed: answered ${response.status}${detail ? ` (${detail})` : ''}`, response.status);
}

/** The JSON object of an answer, or a ProviderError: a vendor's malformed answer is its fault, not the applicant's. */
export function jsonObjectOf(vendor: string, what: string, response: HttpResponse): Record<string, unknown> {
  const body = response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ProviderError(vendor, `${what} failed: answer is not a JSON object`, response.ok ? undefined : response.status);
  }
  return body as Record<string, unknown>;
}

/** A JSON value's fields, or none for anything but an object. */
export function fieldsOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** A JSON string's text with its spaces tidied; '' for anything else (a number stays out: ids are compared as text). */
export function textOf(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

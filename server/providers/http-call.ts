import { callSignal } from './call-budget';
import { ProviderError } from './provider-error';

/** One HTTP call to a provider with Node's fetch: timeout, size cap, and errors that name no personal data. */

export interface HttpCall {
  method: 'GET' | 'POST';
  url: URL;
  headers: Record<string, string>;
  body?: unknown;
  /** Words for error messages, e.g. 'status of KID***JL'; never personal data. */
  what: string;
}

export interface HttpAnswer {
  status: number;
  contentType: string;
  bytes: Uint8Array;
}

const maxAnswerBytes = 20 * 1024 * 1024;

/**
 * Why a fetch failed, in words that name no request data: 'timed out after 5000 ms' (the call's own timeout, or
 * what the request's deadline left it), or '<what> unreachable (ECONNREFUSED)'.
 */
export function describeFetchError(error: unknown, limitMs: number, what = ''): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return `timed out after ${limitMs} ms`;
  const cause = error instanceof Error ? error.cause : undefined;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : '';
  const unreachable = what ? `${what} unreachable` : 'unreachable';
  return code ? `${unreachable} (${code})` : unreachable;
}

/** A provider URL from configuration, checked once at start-up: http or https only. `label` names it in errors. */
export function parseHttpUrl(provider: string, value: string, label: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ProviderError(provider, `${label} is not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProviderError(provider, `${label} must be http or https, not ${url.protocol}`);
  return url;
}

/** A base URL checked once at start-up: http or https only, no trailing slash. */
export function baseUrl(provider: string, value: string): string {
  return parseHttpUrl(provider, value, 'base url').toString().replace(/\/+$/, '');
}

/** Sends the call within its timeout and the request's deadline; any answer comes back (status included), only transport failures throw. */
export async function httpCall(provider: string, call: HttpCall, timeoutMs: number): Promise<HttpAnswer> {
  const { signal, limitMs } = callSignal(timeoutMs);
  try {
    const response = await fetch(call.url, {
      method: call.method,
      headers: call.body === undefined ? call.headers : { ...call.headers, 'content-type': 'application/json' },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      signal,
    });
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > maxAnswerBytes) throw new ProviderError(provider, `${call.what} failed: answer too large`);
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', bytes };
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw new ProviderError(provider, `${call.what} failed: ${describeFetchError(error, limitMs)}`);
  }
}

/** The JSON object of a 2xx answer; anything else is the provider's fault, not the applicant's. */
export function jsonObject(provider: string, call: HttpCall, answer: HttpAnswer): Record<string, unknown> {
  if (answer.status < 200 || answer.status > 299) throw new ProviderError(provider, `${call.what} failed: answered ${answer.status}`, answer.status);
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(answer.bytes));
  } catch {
    throw new ProviderError(provider, `${call.what} failed: answer is not JSON`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new ProviderError(provider, `${call.what} failed: unexpected answer`);
  return parsed as Record<string, unknown>;
}

export const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

export const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

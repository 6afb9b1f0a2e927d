import { type HttpMethod, send } from './http';
import { ProviderError } from './provider-error';

/**
 * The old-style calls of the identity (Digio) and account-aggregator (Setu) clients, kept until their vendor folders
 * replace them: each goes through http.ts. New code calls ClientDeps.http.
 */

export interface HttpCall {
  method: HttpMethod;
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

/** A base URL checked once at start-up: http or https only, no trailing slash. */
export function baseUrl(provider: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ProviderError(provider, 'base url is not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ProviderError(provider, `base url must be http or https, not ${url.protocol}`);
  return url.toString().replace(/\/+$/, '');
}

export async function httpCall(provider: string, call: HttpCall, timeoutMs: number): Promise<HttpAnswer> {
  const response = await send(provider, {
    method: call.method,
    url: call.url,
    headers: call.headers,
    ...(call.body === undefined ? {} : { body: { json: call.body } }),
    what: call.what,
    timeoutMs,
    maxBytes: maxAnswerBytes,
  });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', bytes: response.bytes };
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

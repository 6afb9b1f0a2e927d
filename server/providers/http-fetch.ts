import { callSignal } from './call-budget';
import { describeFetchError, parseHttpUrl } from './http-call';
import { ProviderError } from './provider-error';

/** A bounded JSON call to a third party: Node's fetch with a timeout; failures are ProviderErrors without personal data. */
export interface JsonCall {
  provider: string;
  url: URL;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /** Says which call failed in error messages, e.g. 'lookup of HDFC0000001' or a masked account. */
  what: string;
}

export interface JsonAnswer {
  status: number;
  /** Parsed JSON; undefined when the body was empty or not JSON. */
  body: unknown;
}

const maxAnswerBytes = 64 * 1024;

export function httpUrl(provider: string, value: string): URL {
  return parseHttpUrl(provider, value, 'url');
}

/** Within the call's timeout and the request's deadline (providers/call-budget.ts). */
export async function callJson(call: JsonCall): Promise<JsonAnswer> {
  const { signal, limitMs } = callSignal(call.timeoutMs);
  let response: Response;
  let text: string;
  try {
    response = await fetch(call.url, {
      method: call.method,
      headers: { accept: 'application/json', ...(call.body === undefined ? {} : { 'content-type': 'application/json' }), ...call.headers },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      signal,
    });
    text = await response.text();
  } catch (error) {
    throw new ProviderError(call.provider, `${call.what} failed: ${describeFetchError(error, limitMs)}`);
  }
  if (text.length > maxAnswerBytes) throw new ProviderError(call.provider, `${call.what} failed: answer too large`, response.status);
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
}

/** A JSON object's fields, or an empty object for anything else. */
export function fieldsOf(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

export const text = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '');

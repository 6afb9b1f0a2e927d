import { type HttpMethod, parseHttpUrl, send } from './http';

/** The old-style JSON call of the penny-drop client, kept until its vendor folders replace it: it goes through http.ts. */
export interface JsonCall {
  provider: string;
  url: URL;
  method: HttpMethod;
  headers?: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
  /** Says which call failed in error messages, e.g. a masked account. */
  what: string;
}

export interface JsonAnswer {
  status: number;
  /** Parsed JSON; undefined when the body was empty or not JSON. */
  body: unknown;
}

export function httpUrl(provider: string, value: string): URL {
  return parseHttpUrl(provider, value, 'url');
}

export async function callJson(call: JsonCall): Promise<JsonAnswer> {
  const response = await send(call.provider, {
    method: call.method,
    url: call.url,
    headers: { accept: 'application/json', ...call.headers },
    ...(call.body === undefined ? {} : { body: { json: call.body } }),
    what: call.what,
    timeoutMs: call.timeoutMs,
    maxBytes: 64 * 1024,
  });
  return { status: response.status, body: response.json() };
}

export { fieldsOf, textOf as text } from './http';

import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import messages from '../../../flow-config/messages.json';

/** One request as the fake network sees it. */
export interface FakeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  headers: Record<string, string>;
  config: InternalAxiosRequestConfig;
}

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | { fail: 'timeout' | 'network' };

export type Handler = (request: FakeRequest) => Reply | Promise<Reply>;

/** The network boundary for tests: an axios adapter that answers from a handler, failing as axios itself would. */
export function adapterFrom(handle: Handler): AxiosAdapter {
  return async (config) => {
    const headers = AxiosHeaders.from(config.headers).toJSON() as Record<string, string>;
    const body = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : {};
    const request: FakeRequest = { method: (config.method ?? 'get').toUpperCase(), path: config.url ?? '', body, headers, config };
    const reply = await handle(request);
    if ('fail' in reply) {
      throw reply.fail === 'timeout'
        ? new AxiosError(`timeout of ${config.timeout}ms exceeded`, AxiosError.ECONNABORTED, config, {})
        : new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    }
    const response: AxiosResponse = {
      data: reply.body,
      status: reply.status,
      statusText: String(reply.status),
      headers: new AxiosHeaders(reply.headers ?? {}),
      config,
      request: {},
    };
    if (reply.status >= 200 && reply.status < 300) return response;
    const code = reply.status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST;
    throw new AxiosError(`Request failed with status code ${reply.status}`, code, config, {}, response);
  };
}

/** The server's error body shape: {statusCode, error, message, errorMessage}. */
/** The code flow-config/messages.json gives these words, as the server sends it beside them. */
function codeOf(message: string): string | undefined {
  for (const [section, texts] of Object.entries(messages)) {
    if (typeof texts !== 'object') continue;
    const key = Object.entries(texts).find(([, words]) => words === message)?.[0];
    if (key !== undefined) return `${section}.${key}`;
  }
  return undefined;
}

/** An error answer as the server writes it: its words, and their code when messages.json has them. */
export function errorReply(status: number, message: string, headers?: Record<string, string>): Reply {
  const code = codeOf(message);
  return { status, body: { statusCode: status, error: 'Error', message, errorMessage: message, ...(code ? { code } : {}) }, ...(headers ? { headers } : {}) };
}

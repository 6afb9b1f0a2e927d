import { Agent as HttpAgent, type ClientRequest, type IncomingHttpHeaders, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { CallTimeoutError } from './call-budget';

/**
 * One HTTP exchange with a vendor over Node's http/https client, on keep-alive pools shared by every vendor of the
 * process: a vendor's calls reuse their connections (one TCP and TLS handshake per connection, not per call). Node's
 * fetch did the same pooling but cost about three times the CPU per call (WHATWG streams, Headers, per-call objects),
 * measured with bench:flow's simulators in the loop (bench/README.md).
 */

/** Most recently used sockets first: the fewest connections stay warm, the idle ones time out. */
const pool = { keepAlive: true, scheduling: 'lifo' } as const;
const agents = { http: new HttpAgent(pool), https: new HttpsAgent(pool) };

export class AnswerTooLarge extends Error {}

/** Node's longest timer; a longer one would fire at once. */
const maxTimerMs = 2 ** 31 - 1;

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Uint8Array;
}

export interface Exchange {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  /** The whole exchange's limit (a retry on a stale connection included): then it fails with a CallTimeoutError. */
  limitMs: number;
  maxBytes: number;
}

/**
 * The exchange's one timer, in place of an AbortSignal per call: `AbortSignal.timeout` and the listeners the http
 * client adds for a signal cost about a fifth of a call's CPU on loopback (bench/README.md, issue 33).
 */
interface Limit {
  expired: boolean;
  /** Ends what is under way: set by the attempt running now. */
  stop: (error: Error) => void;
}

/** A kept-alive connection the vendor closed while idle: the request never reached it, so it is sent once more. */
function closedWhileIdle(request: ClientRequest, error: unknown, answered: boolean): boolean {
  return !answered && request.reusedSocket && (error as NodeJS.ErrnoException | null)?.code === 'ECONNRESET';
}

function exchangeOnce(call: Exchange, limit: Limit, retryStale: boolean): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const https = call.url.protocol === 'https:';
    const headers = call.body === undefined ? call.headers : { ...call.headers, 'content-length': String(Buffer.byteLength(call.body)) };
    let answered = false;
    const request = (https ? httpsRequest : httpRequest)(call.url, { method: call.method, headers, agent: https ? agents.https : agents.http }, (response) => {
      answered = true;
      const declared = Number(response.headers['content-length'] ?? '');
      if (Number.isFinite(declared) && declared > call.maxBytes) {
        response.destroy();
        reject(new AnswerTooLarge());
        return;
      }
      const chunks: Buffer[] = [];
      let length = 0;
      response.on('data', (chunk: Buffer) => {
        length += chunk.length;
        // Past the cap the socket is dropped: a runaway answer costs no more memory.
        if (length > call.maxBytes) {
          response.destroy();
          reject(new AnswerTooLarge());
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => {
        const bytes = chunks.length === 1 && chunks[0] ? chunks[0] : Buffer.concat(chunks, length);
        resolve({ status: response.statusCode ?? 0, headers: response.headers, bytes });
      });
      response.on('error', reject);
    });
    request.on('error', (error) => {
      if (retryStale && !limit.expired && closedWhileIdle(request, error, answered)) exchangeOnce(call, limit, false).then(resolve, reject);
      else reject(error);
    });
    limit.stop = (error) => {
      reject(error);
      request.destroy();
    };
    request.end(call.body);
  });
}

/** Sends the request and reads the answer (any status) within limitMs; transport failures reject. */
export async function exchange(call: Exchange): Promise<RawAnswer> {
  const limit: Limit = { expired: false, stop: () => {} };
  const timer = setTimeout(() => {
    limit.expired = true;
    limit.stop(new CallTimeoutError(call.limitMs));
  }, Math.min(call.limitMs, maxTimerMs));
  try {
    return await exchangeOnce(call, limit, true);
  } finally {
    clearTimeout(timer);
  }
}

/** The answer's headers as the fetch API's Headers (built only when a client asks for them). */
export function headersOf(raw: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/**
 * The console's calls to /api/ops, signed in by the reviewer's session cookie (HttpOnly: no script here sees it),
 * never the applicant's token; `x-onboard-ops: 1` lets a cookie-signed call change anything. 15 s like every request.
 */

export class OpsError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** A 429's Retry-After, in seconds. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
  }
}

export interface OpsClient {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown, headers?: Record<string, string>): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
  /** PUT a file's text as it is (a CSV for the studio), with its content type. */
  putText<T>(path: string, text: string, contentType: string): Promise<T>;
  /** A document's bytes (each fetch is one audited view). */
  blob(path: string): Promise<Blob>;
}

const timeoutMs = 15_000;
const apiBase = `${(import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '/api'}/ops`;

/** `onSignedOut`: a 401 on a signed-in call (the session ended: idle, expired, disabled or signed out in any tab). */
export function createOpsClient(isSignedIn: () => boolean, onSignedOut: () => void): OpsClient {
  async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, extra: Record<string, string> = {}, raw?: { text: string; type: string }): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${apiBase}${path}`, {
        method,
        credentials: 'same-origin',
        headers: { 'x-onboard-ops': '1', ...(raw ? { 'content-type': raw.type } : body === undefined ? {} : { 'content-type': 'application/json' }), ...extra },
        ...(raw ? { body: raw.text } : body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new OpsError(0, error instanceof Error ? error.message : String(error));
    }
    if (response.ok) return response;
    const answer = (await response.json().catch(() => ({}))) as { message?: unknown };
    if (response.status === 401 && isSignedIn()) onSignedOut();
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new OpsError(response.status, typeof answer.message === 'string' ? answer.message : response.statusText, retryAfter > 0 ? retryAfter : null);
  }
  return {
    get: async <T>(path: string) => (await (await call('GET', path)).json()) as T,
    post: async <T>(path: string, body?: unknown, headers?: Record<string, string>) => (await (await call('POST', path, body ?? {}, headers)).json()) as T,
    put: async <T>(path: string, body: unknown) => (await (await call('PUT', path, body)).json()) as T,
    putText: async <T>(path: string, text: string, type: string) => (await (await call('PUT', path, undefined, {}, { text, type })).json()) as T,
    blob: async (path) => (await call('GET', path)).blob(),
  };
}

/** The ops CLI's HTTP side: one call to the ops API, its answer or a clear error. */

export class OpsCliError extends Error {
  constructor(
    message: string,
    /** 1: the server refused or could not be reached; 2: the command line is wrong. */
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

export interface OpsTarget {
  baseUrl: string;
  token: string;
  fetch: typeof fetch;
}

const timeoutMs = 15_000;

function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** GET or POST /api/ops{path}; resolves to the JSON answer, or throws OpsCliError with the server's message. */
export async function callOps<T>(target: OpsTarget, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const url = `${target.baseUrl}/api/ops${path}`;
  let response: Response;
  try {
    response = await target.fetch(url, {
      method,
      headers: { authorization: `Bearer ${target.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new OpsCliError(`cannot reach ${target.baseUrl} (${cause}); is the server running, and is OPS_URL right?`, 1);
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (response.ok) return parsed as T;
  const message = messageOf(parsed) ?? (text.slice(0, 200) || response.statusText);
  // A route that does not exist at all: the server runs without OPS_TOKEN.
  const hint = response.status === 404 && message === 'not found' ? ' (the ops API is off on that server: start it with OPS_TOKEN set)' : '';
  throw new OpsCliError(`${response.status}: ${message}${hint}`, 1);
}

import { callSignal } from '../call-budget';
import { describeFetchError } from '../http-call';
import { ProviderError } from '../provider-error';
import { type PanLookup, type PanLookupResult, type PanRegistry, maskPan } from './pan-registry';

export interface HttpPanRegistryOptions {
  /** The KRA gateway endpoint that accepts POST {pan, dateOfBirth}. */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
  /** Whole request, connect to last byte; default 10 s (the client gives up at 15 s). */
  timeoutMs?: number | undefined;
}

/**
 * The gateway's answer (2xx): `status` is one of the result kinds; `name` (and optionally `pan`,
 * `dateOfBirth` DD/MM/YYYY) come with 'verified'. A 404 also means not found.
 */
export interface HttpPanAnswer {
  status: 'verified' | 'dob_mismatch' | 'not_individual' | 'not_found';
  name?: string;
  pan?: string;
  dateOfBirth?: string;
}

export const httpPanRegistryName = 'http-pan-kra';
/** Also the sandbox registry's own timeout. */
export const panRegistryTimeoutMs = 10_000;
const maxAnswerBytes = 64 * 1024;

function fail(message: string, status?: number): ProviderError {
  return new ProviderError(httpPanRegistryName, message, status);
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** Maps a parsed 2xx answer; anything unexpected is the registry's fault, not the applicant's. */
export function mapPanAnswer(answer: unknown, query: PanLookup): PanLookupResult {
  const body = (typeof answer === 'object' && answer !== null ? answer : {}) as Partial<Record<keyof HttpPanAnswer, unknown>>;
  const failed = `lookup of ${maskPan(query.pan)} failed`;
  switch (body.status) {
    case 'verified':
      if (!nonEmpty(body.name)) throw fail(`${failed}: verified answer without a name`);
      return {
        kind: 'verified',
        pan: nonEmpty(body.pan) ? body.pan : query.pan,
        name: body.name.trim(),
        dateOfBirth: nonEmpty(body.dateOfBirth) ? body.dateOfBirth : query.dateOfBirth,
      };
    case 'dob_mismatch':
    case 'not_individual':
    case 'not_found':
      return { kind: body.status };
    default:
      throw fail(`${failed}: unexpected answer from the registry`);
  }
}

/** The real registry through an HTTP gateway, with Node's fetch. Errors never carry the full PAN. */
export function createHttpPanRegistry(options: HttpPanRegistryOptions): PanRegistry {
  let endpoint: URL;
  try {
    endpoint = new URL(options.url);
  } catch {
    throw fail('registry url is not a valid URL');
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw fail(`registry url must be http or https, not ${endpoint.protocol}`);
  }
  const timeoutMs = options.timeoutMs ?? panRegistryTimeoutMs;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;

  return {
    name: httpPanRegistryName,
    async lookup(query: PanLookup): Promise<PanLookupResult> {
      const masked = maskPan(query.pan);
      const { signal, limitMs } = callSignal(timeoutMs);
      let response: Response;
      let text: string;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers,
          body: JSON.stringify({ pan: query.pan, dateOfBirth: query.dateOfBirth }),
          signal,
        });
        text = await response.text();
      } catch (error) {
        throw fail(`lookup of ${masked} failed: ${describeFetchError(error, limitMs, 'registry')}`);
      }
      if (response.status === 404) return { kind: 'not_found' };
      if (!response.ok) throw fail(`lookup of ${masked} failed: registry answered ${response.status}`, response.status);
      if (text.length > maxAnswerBytes) throw fail(`lookup of ${masked} failed: answer too large`);
      let answer: unknown;
      try {
        answer = JSON.parse(text);
      } catch {
        throw fail(`lookup of ${masked} failed: answer is not JSON`);
      }
      return mapPanAnswer(answer, query);
    },
  };
}

import { callJson, fieldsOf, httpUrl, text } from '../http-fetch';
import { ProviderError } from '../provider-error';
import { type PennyDrop, type PennyDropRequest, type PennyDropResult, maskAccount } from './penny-drop';

export const httpPennyDropName = 'http-penny-drop';
/** The whole call, by default (also the sandbox's own timeout); the request's deadline may cut it shorter. */
export const pennyDropTimeoutMs = 12_000;

export interface HttpPennyDropOptions {
  /** Endpoint that accepts POST {bank_account, ifsc, name, reference_id} (Cashfree/Setu-like). */
  url: string;
  /** Sent as `Authorization: Bearer <token>` when set. */
  token?: string | undefined;
  /** Whole call; default 12 s (the client gives up at 15 s). */
  timeoutMs?: number | undefined;
}

/**
 * The answer (2xx): `account_status` VALID with `name_at_bank`, or INVALID with an
 * `account_status_code`. Codes that mean closed, blocked or frozen are a closed account; the others
 * (e.g. INVALID_ACCOUNT_FAIL, INVALID_IFSC_FAIL) an account that does not exist.
 */
export interface HttpPennyDropAnswer {
  account_status: 'VALID' | 'INVALID';
  account_status_code?: string;
  name_at_bank?: string;
  reference_id?: string;
}

const closedCodes = new Set(['ACCOUNT_BLOCKED', 'ACCOUNT_CLOSED', 'ACCOUNT_FROZEN', 'ACCOUNT_DORMANT', 'ACCOUNT_BLOCKED_OR_FROZEN']);

export function mapPennyDropAnswer(answer: unknown, what: string): PennyDropResult {
  const body = fieldsOf(answer);
  if (body.account_status === 'VALID') {
    const registeredName = text(body.name_at_bank);
    if (!registeredName) throw new ProviderError(httpPennyDropName, `${what} failed: valid answer without a name`);
    return { kind: 'verified', registeredName, providerReference: text(body.reference_id) };
  }
  if (body.account_status === 'INVALID') {
    return closedCodes.has(text(body.account_status_code)) ? { kind: 'account_closed' } : { kind: 'account_invalid' };
  }
  throw new ProviderError(httpPennyDropName, `${what} failed: unexpected answer`);
}

/** A real penny-drop service over HTTP. Errors name a masked account number only. */
export function createHttpPennyDrop(options: HttpPennyDropOptions): PennyDrop {
  const url = httpUrl(httpPennyDropName, options.url);
  const timeoutMs = options.timeoutMs ?? pennyDropTimeoutMs;
  const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
  return {
    name: httpPennyDropName,
    async verify(request: PennyDropRequest): Promise<PennyDropResult> {
      const what = `verification of ${maskAccount(request.accountNumber)}`;
      const body = { bank_account: request.accountNumber, ifsc: request.ifsc, name: request.expectedName, reference_id: request.reference };
      const answer = await callJson({ provider: httpPennyDropName, url, method: 'POST', headers, body, timeoutMs, what });
      if (answer.status < 200 || answer.status > 299) {
        throw new ProviderError(httpPennyDropName, `${what} failed: service answered ${answer.status}`, answer.status);
      }
      return mapPennyDropAnswer(answer.body, what);
    },
  };
}

import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One deadline per request, shared by every provider call it makes: the route hands its request's deadline
 * (`request.deadlineAt`, platform/request-deadline.ts) down to each capability call, and each call takes the smaller
 * of its own timeout and what is left. A call cut short fails like a timeout (ProviderError), so the route answers its
 * usual retryable error in time, and nothing the provider answers later is read. Outside a request (start-up,
 * scripts) `noDeadline`: only the calls' own timeouts apply.
 *
 * Passed as an argument rather than kept in an AsyncLocalStorage: entering a store turns on Node 20's promise hooks
 * for every promise of the process, which cost the whole flow about 7 % of the server's CPU (bench/README.md).
 */

/** A performance.now() time by which the request must be answered. */
export type Deadline = number;

/** No request's deadline: only each call's own timeout applies. */
export const noDeadline: Deadline = Number.POSITIVE_INFINITY;

/** Milliseconds until `at`, never negative. */
export function msUntil(at: Deadline): number {
  return Math.max(0, at - performance.now());
}

/** Whether the request's deadline has passed (its client may have given up): then nothing more is stored. */
export function deadlinePassed(deadline: Deadline): boolean {
  return msUntil(deadline) === 0;
}

/** A call's own timeout, cut to what the request has left: the one limit to wait for. */
export function callLimitMs(timeoutMs: number, deadline: Deadline): number {
  return Math.floor(Math.min(timeoutMs, msUntil(deadline)));
}

/** A call given up at its limit; named like the error an aborted fetch throws. */
export class CallTimeoutError extends Error {
  override readonly name = 'TimeoutError';
  constructor(limitMs: number) {
    super(`timed out after ${limitMs} ms`);
  }
}

/**
 * For a client that takes no AbortSignal (SMTP): waits at most the call's limit, then throws CallTimeoutError. The
 * call itself may still finish later; the caller has moved on and reads nothing from it.
 */
export async function withinCallLimit<T>(timeoutMs: number, deadline: Deadline, call: () => Promise<T>): Promise<T> {
  const limitMs = callLimitMs(timeoutMs, deadline);
  if (!Number.isFinite(limitMs)) return call();
  const controller = new AbortController();
  const expired = sleep(limitMs, undefined, { signal: controller.signal }).then(() => {
    throw new CallTimeoutError(limitMs);
  });
  const running = call();
  try {
    return await Promise.race([running, expired]);
  } finally {
    controller.abort();
    expired.catch(() => {});
    running.catch(() => {});
  }
}

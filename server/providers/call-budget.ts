import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ProviderError } from './provider-error';

/**
 * One deadline per request, shared by every provider call it makes: the request's handler runs inside
 * `withDeadline` (platform/request-deadline.ts), and each provider call takes the smaller of its own timeout and
 * what is left. A call cut short fails like a timeout (ProviderError), so the route answers its usual retryable
 * error in time, and nothing the provider answers later is read. Outside a request (start-up, scripts) only the
 * calls' own timeouts apply.
 */

interface Deadline {
  /** performance.now() time by which the request must be answered. */
  at: number;
}

const current = new AsyncLocalStorage<Deadline>();

/** Runs `work` (and everything it starts) under the deadline `at` (a performance.now() time). */
export function withDeadline<T>(at: number, work: () => T): T {
  return current.run({ at }, work);
}

/** Milliseconds until `at`, never negative. */
export function msUntil(at: number): number {
  return Math.max(0, at - performance.now());
}

/** What is left of the current request's budget; Infinity outside a request. */
export function remainingMs(): number {
  const deadline = current.getStore();
  return deadline ? msUntil(deadline.at) : Infinity;
}

/** Whether the current request's deadline has passed (its client may have given up): then nothing more is stored. */
export function deadlinePassed(): boolean {
  return remainingMs() === 0;
}

/** A call's own timeout, cut to what the request has left: the one limit to wait for. */
export function callLimitMs(timeoutMs: number): number {
  return Math.floor(Math.min(timeoutMs, remainingMs()));
}


/**
 * A sandbox's simulated latency, bounded like the real service's call: past its own timeout or the request's
 * deadline it fails as a timeout would, at that moment, instead of answering late.
 */
export async function sandboxLatency(provider: string, delayMs: number, timeoutMs: number): Promise<void> {
  if (delayMs <= 0) return;
  const limitMs = callLimitMs(timeoutMs);
  if (delayMs <= limitMs) return void (await sleep(delayMs));
  await sleep(limitMs);
  throw new ProviderError(provider, `timed out after ${limitMs} ms`);
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
export async function withinCallLimit<T>(timeoutMs: number, call: () => Promise<T>): Promise<T> {
  const limitMs = callLimitMs(timeoutMs);
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

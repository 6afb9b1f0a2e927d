import { performance } from 'node:perf_hooks';
import { msUntil } from '../call-budget';
import { ProviderError } from '../provider-error';
import type { PennyDrop } from './penny-drop';

/**
 * PENNY_DROP_FALLBACK_VENDOR: the second vendor, tried within the same request's budget when the first fails in a way
 * another may not (ProviderError.retryable: no answer, the bank offline, a 5xx). The first gets at most its share of
 * what is left, so the second still has time; an answer about the account (open, closed, unknown) is final either way.
 */

/** What the second vendor keeps of the request's budget, at least. */
export const fallbackReserveMs = 5_000;

export function withFallback(first: PennyDrop, second: PennyDrop): PennyDrop {
  return {
    name: `${first.name}+${second.name}`,
    async verify(request, deadline) {
      const left = msUntil(deadline);
      const firstDeadline = Number.isFinite(left) ? performance.now() + Math.max(0, left - Math.min(fallbackReserveMs, left / 2)) : deadline;
      try {
        return await first.verify(request, firstDeadline);
      } catch (error) {
        if (!(error instanceof ProviderError) || !error.retryable) throw error;
        return second.verify(request, deadline);
      }
    },
  };
}

/**
 * An in-memory cap per key over a fixed window (for cheap, unauthenticated routes where a database row per request
 * would cost more than the thing it protects). Keys of past windows are dropped as new windows start.
 */
export interface WindowCounter {
  /** Takes `amount` for `key`; 0 when it fits, else the milliseconds until the window frees up. */
  take(key: string, amount: number): number;
}

export function createWindowCounter(windowMs: number, max: number, clock: () => number): WindowCounter {
  let windowStart = clock();
  let counts = new Map<string, number>();
  return {
    take(key, amount) {
      const now = clock();
      if (now - windowStart >= windowMs) {
        windowStart = now;
        counts = new Map();
      }
      const used = (counts.get(key) ?? 0) + amount;
      if (used > max) return windowStart + windowMs - now;
      counts.set(key, used);
      return 0;
    },
  };
}

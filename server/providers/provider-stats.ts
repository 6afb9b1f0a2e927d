import { performance } from 'node:perf_hooks';
import type { OpsProvider } from '../../core/api/types';
import type { Capability } from './vendor';

/**
 * Each call to a vendor, as the feature saw it (one KRA lookup, one SMS sent), kept per capability and vendor for the
 * last hour in minute buckets with a latency histogram: bounded memory however busy the server, the error rate and the
 * 95th percentile of any window of whole minutes. Figures are this instance's (every instance keeps its own).
 */

export interface ProviderCall {
  capability: Capability;
  vendor: string;
  ok: boolean;
  ms: number;
  /** The failure's message (a ProviderError's: no personal data). */
  error?: string;
}

/** Per capability and vendor, over the last hour (GET /api/ops/providers answers these with the vendor's names). */
export type ProviderFigures = Omit<OpsProvider, 'capability' | 'title' | 'vendorTitle' | 'mode'> & { capability: Capability };

export interface ProviderStats {
  record(call: ProviderCall): void;
  /** Figures of the hour before `now` for every capability and vendor called (or named by `expect`). */
  figures(expect?: readonly { capability: Capability; vendor: string }[]): ProviderFigures[];
}

const minuteMs = 60_000;
const windowMinutes = 60;
/** Latency buckets: upper bounds growing by 10% from 1 ms (…, 1.1 s, 1.2 s, …) up to about 2 minutes. */
const bucketBounds: readonly number[] = Array.from({ length: 124 }, (_, i) => Math.round(1.1 ** i * 100) / 100);

function bucketOf(ms: number): number {
  let low = 0;
  let high = bucketBounds.length - 1;
  if (ms > (bucketBounds[high] ?? Infinity)) return high;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((bucketBounds[middle] ?? Infinity) >= ms) high = middle;
    else low = middle + 1;
  }
  return low;
}

interface Minute {
  minute: number;
  calls: number;
  errors: number;
  histogram: Uint32Array;
}

interface Series {
  capability: Capability;
  vendor: string;
  minutes: Minute[];
  lastSuccessAt: number | null;
  lastError: { at: number; message: string } | null;
}

export function createProviderStats(clock: () => number): ProviderStats {
  const series = new Map<string, Series>();
  const seriesOf = (capability: Capability, vendor: string): Series => {
    const key = `${capability}/${vendor}`;
    let found = series.get(key);
    if (!found) series.set(key, (found = { capability, vendor, minutes: [], lastSuccessAt: null, lastError: null }));
    return found;
  };

  return {
    record(call) {
      const now = clock();
      const minute = Math.floor(now / minuteMs);
      const entry = seriesOf(call.capability, call.vendor);
      let current = entry.minutes[entry.minutes.length - 1];
      if (!current || current.minute !== minute) {
        current = { minute, calls: 0, errors: 0, histogram: new Uint32Array(bucketBounds.length) };
        entry.minutes.push(current);
        while (entry.minutes.length > 0 && (entry.minutes[0]?.minute ?? minute) <= minute - windowMinutes) entry.minutes.shift();
      }
      current.calls += 1;
      const bucket = bucketOf(call.ms);
      current.histogram[bucket] = (current.histogram[bucket] ?? 0) + 1;
      if (call.ok) entry.lastSuccessAt = now;
      else {
        current.errors += 1;
        entry.lastError = { at: now, message: call.error ?? 'failed' };
      }
    },

    figures(expect = []) {
      for (const { capability, vendor } of expect) seriesOf(capability, vendor);
      const since = Math.floor(clock() / minuteMs) - windowMinutes;
      return [...series.values()].map((entry) => {
        const recent = entry.minutes.filter((minute) => minute.minute > since);
        const calls = recent.reduce((sum, minute) => sum + minute.calls, 0);
        const errors = recent.reduce((sum, minute) => sum + minute.errors, 0);
        let p95Ms: number | null = null;
        if (calls > 0) {
          const rank = Math.ceil(calls * 0.95);
          let seen = 0;
          for (let bucket = 0; bucket < bucketBounds.length && p95Ms === null; bucket += 1) {
            seen += recent.reduce((sum, minute) => sum + (minute.histogram[bucket] ?? 0), 0);
            if (seen >= rank) p95Ms = bucketBounds[bucket] ?? null;
          }
        }
        return {
          capability: entry.capability,
          vendor: entry.vendor,
          calls,
          errors,
          errorRate: calls === 0 ? 0 : errors / calls,
          p95Ms,
          lastSuccessAt: entry.lastSuccessAt === null ? null : new Date(entry.lastSuccessAt).toISOString(),
          lastError: entry.lastError && { at: new Date(entry.lastError.at).toISOString(), message: entry.lastError.message },
        };
      });
    },
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : 'failed';
}

/**
 * The client with each of its asynchronous methods timed: every call's outcome goes to `onCall` (a rejected promise is
 * a failure). So no vendor folder records anything itself.
 */
export function instrumentClient<T extends object>(client: T, onCall: (call: { ok: boolean; ms: number; error?: string }) => void): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'close' || property === 'constructor') return value;
      let wrapper = wrapped.get(property);
      if (!wrapper) {
        const method = value as (...args: unknown[]) => unknown;
        wrapper = function timed(this: unknown, ...args: unknown[]): unknown {
          const started = performance.now();
          const done = (ok: boolean, error?: unknown) =>
            onCall({ ok, ms: performance.now() - started, ...(ok ? {} : { error: describe(error) }) });
          const result: unknown = method.apply(this === receiver ? target : this, args);
          // Only calls that go out (promises) count; a synchronous helper on the client is not a call.
          if (!(result instanceof Promise)) return result;
          return result.then(
            (value: unknown) => {
              done(true);
              return value;
            },
            (error: unknown) => {
              done(false, error);
              throw error;
            },
          );
        };
        wrapped.set(property, wrapper);
      }
      return wrapper;
    },
  });
}

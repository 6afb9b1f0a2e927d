import autocannon from 'autocannon';

/** One load run: rates over the whole run, latencies in ms, and any answer that was not 2xx. */
export interface LoadFigure {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  failed: number;
  /** Answers by status code, and requests that got none (connection errors, timeouts). */
  statuses: Record<string, number>;
  /** This figure over the bare Fastify route measured just before it. */
  ratioToBare?: number;
}

export type LoadOptions = Omit<autocannon.Options, 'url'> & { path: string; expectStatus?: number };

export const connections = 50;

/** Runs autocannon against `base + path` (50 connections, 5 s unless `amount` or `duration` says otherwise). */
export async function load(name: string, base: string, { path, expectStatus, ...options }: LoadOptions): Promise<LoadFigure> {
  let unexpected = 0;
  // A 30 s timeout: writes wait on the disk (one fsync per statement), and a shared disk can stall.
  const result = await autocannon({ url: `${base}${path}`, connections, duration: 5, timeout: 30, ...options });
  if (expectStatus !== undefined) {
    // A 404 run expects 404s: count answers with any other status instead.
    const byStatus = result.statusCodeStats as Record<string, { count: number } | undefined>;
    unexpected = Object.entries(byStatus).reduce((sum, [status, stat]) => sum + (Number(status) === expectStatus ? 0 : (stat?.count ?? 0)), 0);
  } else {
    unexpected = result.non2xx;
  }
  const requests = result.requests.total;
  const statuses: Record<string, number> = Object.fromEntries(
    Object.entries(result.statusCodeStats as Record<string, { count: number } | undefined>).map(([status, stat]) => [status, stat?.count ?? 0]),
  );
  if (result.errors) statuses.errors = result.errors;
  if (result.timeouts) statuses.timeouts = result.timeouts;
  return {
    name,
    requestsPerSecond: Math.round(requests / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests,
    failed: unexpected + result.errors + result.timeouts,
    statuses,
  };
}

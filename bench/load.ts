import autocannon from 'autocannon';

/** One load run: rates over the whole run, latencies in ms, and any answer that was not 2xx. */
export interface LoadFigure {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  seconds: number;
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
    seconds: result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests,
    failed: unexpected + result.errors + result.timeouts,
    statuses,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Several runs of one target as one figure: the rate over all of them, the median latencies. */
export function combine(runs: LoadFigure[]): LoadFigure {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const statuses: Record<string, number> = {};
  for (const run of runs) for (const [status, count] of Object.entries(run.statuses)) statuses[status] = (statuses[status] ?? 0) + count;
  return {
    name: runs[0]?.name ?? '',
    requestsPerSecond: Math.round(requests / seconds),
    p50Ms: median(runs.map((run) => run.p50Ms)),
    p99Ms: median(runs.map((run) => run.p99Ms)),
    requests,
    seconds,
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
    statuses,
  };
}

/**
 * Runs the targets in turn, `rounds` times (A B A B A B): other work on a shared machine comes and
 * goes over seconds, so alternating short runs gives each target the same share of it.
 */
export async function alternate(targets: { name: string; base: string; options: LoadOptions }[], rounds: number): Promise<LoadFigure[]> {
  const runs: LoadFigure[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, target] of targets.entries()) runs[i]!.push(await load(target.name, target.base, target.options));
  }
  return runs.map(combine);
}

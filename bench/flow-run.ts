import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'kysely';
import { createDatabase } from '../server/db/database';
import { FlowClient, type RouteTimes } from './flow-client';
import { type CodeReader, type JourneyFiles, completeApplication } from './flow-journey';
import type { QueryCounts } from '../server/db/query-stats';
import { childPids, cpuMs, cpuSplitMs, rssMb, schedCpuMs, type ServerProcess, threadCpuMs } from './processes';

/** Where the server keeps its data: the load generator reads the sandbox's codes from there, as a phone would get them. */
export type DataTarget = { dataDir: string; databaseUrl?: string | undefined };

export interface RouteFigure {
  route: string;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** With --route-cpu: the server's and the simulators' CPU per request of this route, in ms. */
  serverCpuMs?: number;
  simulatorsCpuMs?: number;
}

export interface FlowFigure {
  database: 'SQLite' | 'PostgreSQL';
  applications: number;
  concurrency: number;
  seconds: number;
  applicationsPerMinute: number;
  /** Server process CPU (all its threads) over the timed run, per complete application. */
  serverCpuMsPerApplication: number;
  /** The yardstick of the same sitting (bench/flow-reference.ts): a bare Fastify request's CPU, before and after the run. */
  bareRequestCpuMs?: { before: number; after: number };
  /** The vendors' simulators, in a process of their own (SIMULATORS=process), per complete application. */
  simulatorsCpuMsPerApplication?: number;
  /** This load generator's own CPU (every applicant's requests, the code reads), per complete application. */
  loadGeneratorCpuMsPerApplication?: number;
  /** PostgreSQL only: the CPU of its server processes that served the app's database over the run, per application. */
  databaseCpuMsPerApplication?: number;
  /** The server's CPU per application in user space and in the kernel (its sockets, files). */
  serverCpuSplit?: { user: number; system: number };
  /** The same by thread name, per application; 'threads that ended' is what the process total has beyond the live ones. */
  serverCpuByThread: Record<string, number>;
  requestsPerApplication: number;
  /** Statements the server sent its database (begin and commit included) and transactions it opened, per application; absent for a server that does not count them (--server of an older build). */
  queriesPerApplication?: number;
  transactionsPerApplication?: number;
  /** With --statements: the statements the server ran most, per application, with the mean ms until each answered. */
  statements?: { sql: string; perApplication: number; meanMs: number }[];
  /** Applicants whose journey stopped at a failed request. */
  errors: number;
  errorSamples: string[];
  rssMb: { idle: number; after: number; peak: number };
  loadAverage: { before: number; after: number };
  routes: RouteFigure[];
}

const round1 = (value: number) => Math.round(value * 10) / 10;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface DataReader {
  read: CodeReader;
  /** PostgreSQL only: CPU ms so far of each server process serving the app's database (not ours), by pid. */
  databaseCpu(): Promise<Map<number, number>>;
  close(): Promise<void>;
}

/** The newest code the sandbox recorded for a recipient, read over a connection of the load generator's own. */
export function openDataReader(target: DataTarget): DataReader {
  const db = createDatabase(target);
  return {
    async read(recipient) {
      const row = await db.selectFrom('outbox').select('code').where('recipient', '=', recipient).orderBy('sent_at', 'desc').limit(1).executeTakeFirst();
      if (!row?.code) throw new Error(`no code recorded for ${recipient}`);
      return row.code;
    },
    async databaseCpu() {
      if (!target.databaseUrl) return new Map();
      const { rows } = await sql<{ pid: number }>`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`.execute(db);
      // Backends on this machine only (/proc); a remote database's CPU is not ours to read.
      return new Map(rows.flatMap(({ pid }) => (existsSync(`/proc/${pid}`) ? [[pid, cpuMs(pid)] as const] : [])));
    },
    close: () => db.destroy(),
  };
}

/** `count` applicants through the whole flow, `concurrency` at a time; numbers from `phoneBase` up. */
async function runApplicants(client: FlowClient, count: number, concurrency: number, phoneBase: number, files: JourneyFiles, codes: CodeReader): Promise<{ failed: number; samples: string[] }> {
  let next = 0;
  let failed = 0;
  const samples: string[] = [];
  const worker = async () => {
    while (next < count) {
      const n = next++;
      try {
        await completeApplication(client, n, phoneBase, files, codes);
      } catch (error) {
        failed += 1;
        if (samples.length < 5) samples.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { failed, samples };
}

/** CPU per application by thread name over the run; what the process used beyond its live threads went to threads that ended. */
function cpuByThread(before: ReturnType<typeof threadCpuMs>, after: ReturnType<typeof threadCpuMs>, total: number, applications: number): Record<string, number> {
  const byName: Record<string, number> = {};
  let counted = 0;
  for (const [tid, thread] of after) {
    const used = thread.ms - (before.get(tid)?.ms ?? 0);
    counted += used;
    byName[thread.name] = (byName[thread.name] ?? 0) + used;
  }
  byName['threads that ended'] = Math.max(0, total - counted);
  return Object.fromEntries(Object.entries(byName).filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1]).map(([name, ms]) => [name, round1(ms / applications)]));
}

/** The statements that ran during the timed run, most frequent first. */
function statementFigures(before: QueryCounts, after: QueryCounts, applications: number): NonNullable<FlowFigure['statements']> {
  return Object.entries(after.statements ?? {})
    .map(([sql, { count, ms }]) => {
      const earlier = before.statements?.[sql] ?? { count: 0, ms: 0 };
      const runs = count - earlier.count;
      return { sql, runs, perApplication: Math.round((runs / applications) * 100) / 100, meanMs: runs > 0 ? Math.round(((ms - earlier.ms) / runs) * 1000) / 1000 : 0 };
    })
    .filter((statement) => statement.runs > 0)
    .sort((a, b) => b.runs - a.runs)
    .map(({ runs: _runs, ...statement }) => statement);
}

function routeFigures(routes: Map<string, RouteTimes>): RouteFigure[] {
  return [...routes].map(([route, times]) => {
    const sorted = [...times.ms].sort((a, b) => a - b);
    const [server, simulators] = times.cpuMs.map((ms) => Math.round((ms / Math.max(1, times.sent)) * 100) / 100);
    return {
      route,
      requests: times.sent,
      p50Ms: round1(percentile(sorted, 50)),
      p99Ms: round1(percentile(sorted, 99)),
      errors: times.errors,
      ...(server === undefined ? {} : { serverCpuMs: server }),
      ...(simulators === undefined ? {} : { simulatorsCpuMs: simulators }),
    };
  });
}

/**
 * A warm-up (JIT, statement caches, the first PDF check) that is not counted, then `applications` timed: the rate is
 * complete applications over the wall time of the run, the CPU is the server process's over the same run.
 */
export async function measureFlow(
  server: ServerProcess,
  target: DataTarget,
  database: FlowFigure['database'],
  options: { applications: number; concurrency: number; warmUp: number; files: JourneyFiles; routeCpu?: boolean },
): Promise<FlowFigure> {
  const codes = openDataReader(target);
  // A fresh block of numbers per run: the database may be one an earlier run used (DATABASE_URL).
  const phoneBase = 6_000_000_000 + Math.floor(Math.random() * 3_000) * 1_000_000;
  try {
    const warm = new FlowClient(server.url, options.concurrency);
    const warmed = await runApplicants(warm, options.warmUp, options.concurrency, phoneBase + 900_000, options.files, codes.read);
    warm.close();
    if (warmed.failed > 0) throw new Error(`warm-up: ${warmed.failed} applicant(s) failed: ${warmed.samples.join(' | ')}`);

    const idle = rssMb(server.pid);
    const simulators = childPids(server.pid);
    // --route-cpu: one applicant at a time, so what the server and the simulators used during a request is its cost.
    const meter = options.routeCpu ? () => [schedCpuMs(server.pid), simulators.reduce((sum, pid) => sum + schedCpuMs(pid), 0)] : undefined;
    const client = new FlowClient(server.url, options.concurrency, meter);
    const loadBefore = loadavg()[0] ?? 0;
    const cpuBefore = cpuMs(server.pid);
    const splitBefore = cpuSplitMs(server.pid);
    const simulatorsCpu = () => simulators.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const simulatorsBefore = simulatorsCpu();
    const ownBefore = process.cpuUsage();
    const threadsBefore = threadCpuMs(server.pid);
    const databaseBefore = await codes.databaseCpu();
    const queriesBefore = await server.queryCounts().catch(() => undefined);
    const started = performance.now();
    const outcome = await runApplicants(client, options.applications, options.concurrency, phoneBase, options.files, codes.read);
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuMs(server.pid) - cpuBefore;
    const splitAfter = cpuSplitMs(server.pid);
    const simulatorsUsed = simulatorsCpu() - simulatorsBefore;
    const own = process.cpuUsage(ownBefore);
    const queriesAfter = queriesBefore && (await server.queryCounts().catch(() => undefined));
    const complete = options.applications - outcome.failed;
    const byThread = cpuByThread(threadsBefore, threadCpuMs(server.pid), cpu, Math.max(1, complete));
    // Backends that lived through the run (the app's pool keeps its connections while busy).
    const databaseAfter = await codes.databaseCpu();
    const databaseCpu = [...databaseAfter].reduce((sum, [pid, ms]) => sum + (databaseBefore.has(pid) ? ms - databaseBefore.get(pid)! : 0), 0);
    client.close();
    const routes = routeFigures(client.routes);
    const requests = routes.reduce((sum, route) => sum + route.requests, 0);
    return {
      database,
      applications: complete,
      concurrency: options.concurrency,
      seconds: round1(seconds),
      applicationsPerMinute: Math.round((complete / seconds) * 60),
      serverCpuMsPerApplication: round1(cpu / Math.max(1, complete)),
      serverCpuByThread: byThread,
      serverCpuSplit: { user: round1((splitAfter.user - splitBefore.user) / Math.max(1, complete)), system: round1((splitAfter.system - splitBefore.system) / Math.max(1, complete)) },
      ...(simulators.length > 0 ? { simulatorsCpuMsPerApplication: round1(simulatorsUsed / Math.max(1, complete)) } : {}),
      loadGeneratorCpuMsPerApplication: round1((own.user + own.system) / 1000 / Math.max(1, complete)),
      ...(target.databaseUrl ? { databaseCpuMsPerApplication: round1(databaseCpu / Math.max(1, complete)) } : {}),
      requestsPerApplication: round1(requests / options.applications),
      ...(queriesBefore && queriesAfter
        ? {
            queriesPerApplication: round1((queriesAfter.queries - queriesBefore.queries) / options.applications),
            transactionsPerApplication: round1((queriesAfter.transactions - queriesBefore.transactions) / options.applications),
            ...(queriesAfter.statements ? { statements: statementFigures(queriesBefore, queriesAfter, options.applications) } : {}),
          }
        : {}),
      errors: outcome.failed,
      errorSamples: outcome.samples,
      rssMb: { idle: Math.round(idle), after: Math.round(rssMb(server.pid)), peak: Math.round(rssMb(server.pid, 'VmHWM')) },
      loadAverage: { before: round1(loadBefore), after: round1(loadavg()[0] ?? 0) },
      routes,
    };
  } finally {
    await codes.close();
  }
}

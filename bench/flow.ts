import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { serverOutFile } from '../scripts/build-server';
import { ensureServerBuilt } from '../scripts/ensure-built';
import { createTestDatabase } from '../tests/server/test-database';
import { printChecks } from './checks';
import { journeyFiles } from './flow-journey';
import { bareRequestCpuMs } from './flow-reference';
import { flowChecks, printRun, writeFlowResults, type FlowResults } from './flow-report';
import { type DataTarget, type FlowFigure, measureFlow } from './flow-run';
import { startServer } from './processes';
import { printProfile, summariseProfiles } from './profile-summary';

/**
 * `npm run bench:flow`: applicants through every step of the flow by the API against the compiled server (sandbox
 * providers with no simulated delay, loopback, the load generator on the same machine), on SQLite and, when
 * ONBOARD_TEST_POSTGRES_URL (a fresh database per run) or DATABASE_URL is set, on PostgreSQL.
 * Options: --applicants N (default 1000), --concurrency N (default 32), --sqlite-only, --postgres-only, --check (exit 1 on a miss),
 * --cpu-prof (profile the server's threads with node --cpu-prof and print where the CPU went), --statements (every SQL
 * statement the server ran, how often per application and how long until it answered), --server <bundle>
 * (measure another build of the server, e.g. one of an earlier commit, instead of dist-server/main.js), --route-cpu
 * (one applicant at a time: the server's and the simulators' CPU per request of each route), --simulators-in-process.
 */
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const at = args.indexOf(name);
  const value = at >= 0 ? Number(args[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number, got '${args[at + 1]}'`);
  return value;
};
const applications = option('--applications', option('--applicants', 1000));
const routeCpu = args.includes('--route-cpu');
// --route-cpu: one applicant at a time, each request's CPU in the server and the simulators.
const concurrency = routeCpu ? 1 : option('--concurrency', 32);
const check = args.includes('--check');
const profile = args.includes('--cpu-prof');
const statements = args.includes('--statements');
const serverAt = args.indexOf('--server');
const serverBundle = serverAt >= 0 ? resolve(args[serverAt + 1] ?? '') : serverOutFile;
const simulatorsWhere = args.includes('--simulators-in-process') ? 'in-process' : 'process';
const log = (line: string) => console.log(line);

async function run(database: FlowFigure['database'], databaseUrl: string | undefined, files: Awaited<ReturnType<typeof journeyFiles>>): Promise<FlowFigure> {
  const dataDir = mkdtempSync(join(tmpdir(), 'onboard-flow-bench-'));
  const target: DataTarget = { dataDir, databaseUrl };
  // SANDBOX_DELAY_MS=0: the sandbox's simulated provider latency would measure timers, not the server.
  // ONBOARD_QUERY_COUNTS=ipc: the server answers the bench's request for its statement counts (server/db/query-stats.ts).
  // SIMULATORS=process: the vendors' simulators in a process of their own, so the server's CPU is its own (measured apart).
  const env: Record<string, string> = { SIMULATORS: simulatorsWhere, DATA_DIR: dataDir, TRUST_PROXY: 'true', SANDBOX_DELAY_MS: '0', NODE_ENV: '', ONBOARD_QUERY_COUNTS: statements ? 'statements' : 'ipc', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  log(`${database}: starting the server (the first start loads the branch directory)…`);
  // Kept after the run (its path printed) for a closer look in Chrome's DevTools or speedscope.
  const profileDir = profile ? mkdtempSync(join(tmpdir(), `onboard-flow-profile-${database}-`)) : '';
  if (profile) {
    // The profiled server starts on a database that has the branch directory already: the profile shows the flow.
    await (await startServer([serverBundle], env, '/api/health', 300)).stop();
  }
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  const server = await startServer([...nodeArgs, serverBundle], env, '/api/health', 300);
  try {
    // The yardstick around the run, while the server idles (bench/flow-reference.ts).
    const before = await bareRequestCpuMs();
    const measured = await measureFlow(server, target, database, { applications, concurrency, warmUp: Math.min(64, applications), files, routeCpu });
    const figure = { ...measured, bareRequestCpuMs: { before, after: await bareRequestCpuMs() } };
    printRun(figure, log);
    await server.stop();
    if (profile) {
      printProfile(summariseProfiles(profileDir, 30), log);
      log(`  profiles: ${profileDir}`);
    }
    return figure;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (serverAt < 0) await ensureServerBuilt(log);
const files = await journeyFiles();
const date = new Date().toISOString();
const runs: FlowFigure[] = args.includes('--postgres-only') ? [] : [await run('SQLite', undefined, files)];
if (!args.includes('--sqlite-only')) {
  if (process.env.ONBOARD_TEST_POSTGRES_URL) {
    const database = await createTestDatabase();
    try {
      runs.push(await run('PostgreSQL', database.url, files));
    } finally {
      await database.drop();
    }
  } else if (process.env.DATABASE_URL) {
    runs.push(await run('PostgreSQL', process.env.DATABASE_URL, files));
  } else {
    log('PostgreSQL: skipped (set ONBOARD_TEST_POSTGRES_URL or DATABASE_URL)');
  }
}

const checks = flowChecks(runs);
const results: FlowResults = {
  date,
  machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memoryGb: Math.round(totalmem() / 1024 ** 3), os: `Linux ${release()}`, node: process.version, loadAverage: { before: runs[0]?.loadAverage.before ?? 0, after: Math.round((loadavg()[0] ?? 0) * 100) / 100 } },
  runs,
  checks,
};
log(`results: ${writeFlowResults(results)}`);
log('');
printChecks(checks, log);
const misses = checks.filter((item) => !item.ok);
if (misses.length > 0) log(`\n${misses.length} figure(s) over budget${check ? '' : ' (run with -- --check to fail on them)'}`);
if (check && misses.length > 0) process.exitCode = 1;

import { loadavg } from 'node:os';
import { ensureBuilt } from '../scripts/ensure-built';
import { apiFigures } from './api-figures';
import { bundleBudgets } from './bundle-budgets';
import { apiChecks, bundleChecks, lighthouseChecks, printChecks, type Check } from './checks';
import { defaultRuns, lighthouseFigures, type LighthouseResult, type PageRuns } from './lighthouse-figures';
import { describeMachine, writePagesResults, writeResults, type BenchResults } from './results';
import { startBenchServers, type BenchServers } from './servers';
import { branchSearchFigures } from './branch-search';

/**
 * `npm run bench`: bundle budgets per route, then (unless --bundles-only) request rates beside a
 * bare Fastify route and Lighthouse in Debian's Chromium. Prints each figure with its budget and
 * writes bench/results/<date>.json and the table in bench/README.md. With --check, a miss exits 1;
 * --lighthouse-only skips the API load and branch search.
 */
const args = new Set(process.argv.slice(2));
const check = args.has('--check');
const bundlesOnly = args.has('--bundles-only');
/** Lighthouse alone (no API load, no branch search): minutes less when only the pages changed. */
const lighthouseOnly = args.has('--lighthouse-only');
const log = (line: string) => console.log(line);
/** `--runs N` and `--routes /a,/b`: a quick look at some pages, fewer runs (never with --check: it needs them all). */
function option(name: string): string | undefined {
  const argv = process.argv.slice(2);
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : undefined;
}
const quickRuns = option('--runs');
const quickRoutes = option('--routes');
if (check && (quickRuns || quickRoutes)) throw new Error('--check measures every page as the budgets say: drop --runs and --routes');
const pageRuns: PageRuns = {
  lighthouse: quickRuns ? Number(quickRuns) : defaultRuns.lighthouse,
  firstInput: quickRuns ? Number(quickRuns) : defaultRuns.firstInput,
  ...(quickRoutes ? { routes: quickRoutes.split(',') } : {}),
};

await ensureBuilt(log);
const bundles = bundleBudgets();
const checks: Check[] = bundleChecks(bundles);

if (!bundlesOnly) {
  const machine = describeMachine();
  const servers = await startBenchServers();
  try {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idleMb = Math.round(servers.app.rssMb());
    log('Lighthouse (mobile, simulated slow 4G and 4× CPU), median of runs:');
    const lighthouse = await lighthouseFigures(servers, log, pageRuns);
    if (lighthouseOnly) checks.push(...lighthouseChecks(lighthouse));
    else await restOfBench(servers, { machine, idleMb, lighthouse });
    machine.loadAverage.after ??= Math.round(loadavg()[0]! * 100) / 100;
    if (!quickRuns && !quickRoutes) log(`pages: ${writePagesResults(machine, lighthouse, bundles)}`);
  } finally {
    await servers.stop();
    // Issue 9: branch search latency over the full directory and the first-start load time.
    if (!lighthouseOnly) await branchSearchFigures();
  }
}

/** The API load after Lighthouse, then the results file with everything. */
async function restOfBench(servers: BenchServers, { machine, idleMb, lighthouse }: { machine: BenchResults['machine']; idleMb: number; lighthouse: LighthouseResult[] }): Promise<void> {
  log('API, autocannon with 50 connections on loopback:');
  const api = await apiFigures(servers, log);
  const memory = { idleMb, afterMb: Math.round(servers.app.rssMb()) };
  machine.loadAverage.after = Math.round(loadavg()[0]! * 100) / 100;
  checks.push(...apiChecks(api.figures), ...lighthouseChecks(lighthouse));
  const results: BenchResults = {
    date: new Date().toISOString(),
    machine,
    api: api.figures.map((figure, i) => ({ ...figure, bareRequestsPerSecond: api.bare[i]?.requestsPerSecond ?? 0 })),
    bareLikeApp: api.bareLikeApp,
    memory,
    bundles,
    lighthouse,
    checks,
  };
  log(`server RSS: ${memory.idleMb} MB idle, ${memory.afterMb} MB after the runs`);
  log(`results: ${writeResults(results)}`);
}

log('');
printChecks(checks, log);
const misses = checks.filter((item) => !item.ok);
if (misses.length > 0) log(`\n${misses.length} figure(s) over budget${check ? '' : ' (run with -- --check to fail on them)'}`);
if (check && misses.length > 0) process.exitCode = 1;

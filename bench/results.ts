import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import type { RouteBundle } from './bundle-budgets';
import type { Check } from './checks';
import type { LighthouseResult } from './lighthouse-figures';
import type { LoadFigure } from './load';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  chromium: string;
  /** 1-minute load average before and after the run: other work on the machine skews every figure. */
  loadAverage: { before: number; after?: number };
}

export interface BenchResults {
  date: string;
  machine: Machine;
  api: (LoadFigure & { bareRequestsPerSecond: number })[];
  bareLikeApp: LoadFigure;
  memory: { idleMb: number; afterMb: number };
  bundles: RouteBundle[];
  lighthouse: LighthouseResult[];
  checks: Check[];
}

const benchDir = import.meta.dirname;
const readme = join(benchDir, 'README.md');

export function describeMachine(): Machine {
  let chromium = 'unknown';
  try {
    chromium = execFileSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], { encoding: 'utf8' }).trim().split('\n').pop() ?? chromium;
  } catch {
    // not installed: Lighthouse will say so
  }
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    memoryGb: Math.round(totalmem() / 1024 ** 3),
    os: `Linux ${release()}`,
    node: process.version,
    chromium,
    loadAverage: { before: Math.round(loadavg()[0]! * 100) / 100 },
  };
}

function table(results: BenchResults): string {
  const { machine } = results;
  const rows = [
    `Measured ${results.date.slice(0, 16).replace('T', ' ')} UTC on ${machine.cores} × ${machine.cpu}, ${machine.memoryGb} GB, ${machine.os}, Node ${machine.node}, ${machine.chromium}; load average ${machine.loadAverage.before} before, ${machine.loadAverage.after ?? '?'} after (the machine is shared).`,
    '',
    '| figure | value | budget | |',
    '|---|---|---|---|',
    ...results.api.map((figure) => `| ${figure.name} | ${figure.requestsPerSecond} req/s, p50 ${figure.p50Ms} ms, p99 ${figure.p99Ms} ms, ${figure.ratioToBare}× bare (${figure.bareRequestsPerSecond} req/s) | ${budgetOf(results.checks, figure.name)} |`),
    `| bare route + the app's security headers and log line (reference for the 404) | ${results.bareLikeApp.requestsPerSecond} req/s, ${results.bareLikeApp.ratioToBare}× bare | | |`,
    `| server RSS | ${results.memory.idleMb} MB idle, ${results.memory.afterMb} MB after the runs | | |`,
    ...results.checks.filter((check) => !results.api.some((figure) => check.name === figure.name)).map((check) => `| ${check.name} | ${check.value} | ${check.budget} | ${check.ok ? 'ok' : '**miss**'} |`),
  ];
  return rows.join('\n');
}

function budgetOf(checks: Check[], name: string): string {
  const check = checks.find((candidate) => candidate.name === name);
  return check ? `${check.budget} | ${check.ok ? 'ok' : '**miss**'}` : '— |';
}

/**
 * Writes `results` to bench/results/<fileName>.json and `table` between `<!-- bench:<marker>:start -->` and its end
 * marker in bench/README.md. Returns the results file.
 */
export function writeBenchResults(fileName: string, results: unknown, marker: string, table: string): string {
  const dir = join(benchDir, 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${fileName}.json`);
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  writeBetweenMarkers(readme, marker, table);
  return file;
}

/** `text` between `<!-- bench:<marker>:start -->` and its end marker in `file`, when the file has both. */
function writeBetweenMarkers(file: string, marker: string, text: string): void {
  const [start, end] = [`<!-- bench:${marker}:start -->`, `<!-- bench:${marker}:end -->`];
  if (!existsSync(file)) return;
  const current = readFileSync(file, 'utf8');
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  if (from >= 0 && to > from) writeFileSync(file, `${current.slice(0, from + start.length)}\n${text}\n${current.slice(to)}`);
}

/** The page whose first control takes longest to accept input (a status page, showing none, has no figure). */
function slowestFirstInput(lighthouse: LighthouseResult[]): LighthouseResult | undefined {
  return lighthouse.filter((page) => page.firstInput.ms !== undefined).sort((a, b) => (b.firstInput.ms ?? 0) - (a.firstInput.ms ?? 0))[0];
}

/** The journey's pages, one row each: Lighthouse's median run, what the route loads and its first input. */
function pagesTable(machine: Machine, date: string, lighthouse: LighthouseResult[], bundles: RouteBundle[]): string {
  const slowest = slowestFirstInput(lighthouse);
  const rows = lighthouse.map((page) => {
    const bundle = bundles.find((candidate) => candidate.route === page.route && !candidate.language);
    const input = page.firstInput.ms === undefined ? '— (no control)' : `${page.firstInput.ms} ms (${page.firstInput.control ?? ''})`;
    return `| ${page.route} | ${page.performance} (${page.performanceRuns.join(', ')}) | ${page.accessibility} | ${page.bestPractices} | ${page.fcpMs} ms | ${page.lcpMs} ms | ${page.tbtMs} ms | ${page.cls} | ${bundle?.jsKb ?? '?'} KB | ${bundle?.inlineCssKb ?? '—'} KB | ${input} |`;
  });
  return [
    `Measured ${date.slice(0, 16).replace('T', ' ')} UTC, ${machine.chromium}; load average ${machine.loadAverage.before} before, ${machine.loadAverage.after ?? '?'} after (the machine is shared). Lighthouse mobile (simulated slow 4G, 4× CPU), the run with the median performance of ${lighthouse[0]?.performanceRuns.length ?? 0}; first input: the median of the runs on the same profile applied by DevTools (bench/first-input.ts).`,
    '',
    `Slowest first input: **${slowest?.route ?? '?'} ${slowest?.firstInput.ms ?? '—'} ms**.`,
    '',
    '| page | performance (runs) | accessibility | best practices | FCP | LCP | TBT | CLS | JS gzip | inline CSS | first input accepts typing |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** bench/results/pages-<date>.json and the journey pages' table in bench/README.md (`--lighthouse-only`, and the full bench). */
export function writePagesResults(machine: Machine, lighthouse: LighthouseResult[], bundles: RouteBundle[]): string {
  const date = new Date().toISOString();
  const slowest = slowestFirstInput(lighthouse);
  if (slowest) {
    const sentence = `The slowest step to take input on a mid-range phone (Lighthouse's mobile profile): **${slowest.route}, ${slowest.firstInput.ms} ms** from opening the page until its first control accepts typing (\`npm run bench\`, ${date.slice(0, 10)}; every page in bench/README.md).`;
    writeBetweenMarkers(join(benchDir, '..', 'README.md'), 'first-input', sentence);
  }
  return writeBenchResults(`pages-${date.slice(0, 10)}`, { date, machine, lighthouse, bundles }, 'pages', pagesTable(machine, date, lighthouse, bundles));
}

/** bench/results/<date>.json, and the table between the markers in bench/README.md. */
export function writeResults(results: BenchResults): string {
  return writeBenchResults(results.date.slice(0, 10), results, 'results', table(results));
}

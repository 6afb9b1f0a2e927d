import type { Check } from './checks';
import type { FlowFigure } from './flow-run';
import { type Machine, writeBenchResults } from './results';

/**
 * The whole flow's budgets on this 2-core machine with the load generator beside the server: the rate on SQLite (issue
 * 19), the server's CPU per application on either database (issue 33).
 */
export const flowTargets = { applicationsPerMinute: 1000, serverCpuMsPerApplication: 40 } as const;

export interface FlowResults {
  date: string;
  machine: Omit<Machine, 'chromium'>;
  runs: FlowFigure[];
  checks: Check[];
}

export function flowChecks(runs: FlowFigure[]): Check[] {
  return runs.flatMap((run) => {
    const errors: Check = { name: `${run.database}: applicants who failed`, value: String(run.errors), budget: '0', ok: run.errors === 0 };
    const cpu: Check = { name: `${run.database}: server CPU per application`, value: `${run.serverCpuMsPerApplication} ms`, budget: `≤ ${flowTargets.serverCpuMsPerApplication} ms`, ok: run.serverCpuMsPerApplication <= flowTargets.serverCpuMsPerApplication };
    // The rate is SQLite's budget (the default database); PostgreSQL shares the cores with its database, its rate is reported beside.
    if (run.database !== 'SQLite') return [cpu, errors];
    return [
      { name: 'SQLite: complete applications per minute', value: String(run.applicationsPerMinute), budget: `≥ ${flowTargets.applicationsPerMinute}`, ok: run.applicationsPerMinute >= flowTargets.applicationsPerMinute },
      cpu,
      errors,
    ];
  });
}

/** ' (main thread 21 ms)': the server's event loop, where the database driver, HTTP and the app's own code run. */
function mainThreadOf(run: FlowFigure): string {
  const main = run.serverCpuByThread['main thread'];
  return main === undefined ? '' : ` (main thread ${main} ms)`;
}

/** The server's CPU per application in bare Fastify requests of the same sitting: what compares sittings. */
export function inBareRequests(run: FlowFigure): string {
  if (!run.bareRequestCpuMs) return '';
  const bare = (run.bareRequestCpuMs.before + run.bareRequestCpuMs.after) / 2;
  return `${Math.round(run.serverCpuMsPerApplication / bare)} bare Fastify requests (${bare.toFixed(3)} ms each this sitting)`;
}

/** ', 212 queries in 40 transactions' when the server counted them. */
function queriesOf(run: FlowFigure): string {
  return run.queriesPerApplication === undefined ? '' : `, ${run.queriesPerApplication} database queries in ${run.transactionsPerApplication} transactions`;
}

/** The CPU of the processes beside the server, per application: the simulators, the load generator. */
function othersOf(run: FlowFigure): string {
  const simulators = run.simulatorsCpuMsPerApplication === undefined ? 'simulators in the server process' : `simulators ${run.simulatorsCpuMsPerApplication} ms`;
  return `${simulators}, load generator ${run.loadGeneratorCpuMsPerApplication ?? '—'} ms`;
}

export function printRun(run: FlowFigure, log: (line: string) => void): void {
  log(
    `${run.database}: ${run.applications} complete applications in ${run.seconds} s = ${run.applicationsPerMinute}/min, ` +
      `server CPU ${run.serverCpuMsPerApplication} ms per application${mainThreadOf(run)}, ${run.requestsPerApplication} requests${queriesOf(run)} each, ${run.errors} failed; ` +
      `server RSS ${run.rssMb.idle} MB idle, ${run.rssMb.after} MB after, ${run.rssMb.peak} MB peak; load average ${run.loadAverage.before} → ${run.loadAverage.after}`,
  );
  if (run.bareRequestCpuMs) log(`  the server's CPU per application = ${inBareRequests(run)}; a bare request ${run.bareRequestCpuMs.before} ms before the run, ${run.bareRequestCpuMs.after} ms after`);
  if (run.serverCpuSplit) log(`  server CPU per application in user space ${run.serverCpuSplit.user} ms, in the kernel ${run.serverCpuSplit.system} ms`);
  log(`  server CPU per application by thread: ${Object.entries(run.serverCpuByThread).map(([name, ms]) => `${name} ${ms} ms`).join(', ')}`);
  log(`  beside the server, per application: ${othersOf(run)}`);
  if (run.databaseCpuMsPerApplication !== undefined) log(`  PostgreSQL's own processes for this database: ${run.databaseCpuMsPerApplication} ms CPU per application`);
  for (const sample of run.errorSamples) log(`  failed: ${sample}`);
  if (run.statements) {
    log('  statements per application (mean ms until answered):');
    for (const statement of run.statements) log(`    ${String(statement.perApplication).padStart(6)}  ${String(statement.meanMs).padStart(7)} ms  ${statement.sql.replace(/\s+/g, ' ').slice(0, 220)}`);
  }
  const width = Math.max(...run.routes.map((route) => route.route.length));
  for (const route of run.routes) {
    const cpu = route.serverCpuMs === undefined ? '' : `  CPU per request: server ${route.serverCpuMs} ms, simulators ${route.simulatorsCpuMs ?? 0} ms`;
    log(`  ${route.route.padEnd(width)}  p50 ${String(route.p50Ms).padStart(7)} ms  p99 ${String(route.p99Ms).padStart(7)} ms  ${route.requests} requests${route.errors ? `, ${route.errors} errors` : ''}${cpu}`);
  }
}

function table(results: FlowResults): string {
  const { machine } = results;
  const lines = [
    `Measured ${results.date.slice(0, 16).replace('T', ' ')} UTC on ${machine.cores} × ${machine.cpu}, Node ${machine.node}; load generator on the same machine.`,
    '',
    '| database | applications/min | server CPU per application (its main thread; in bare Fastify requests of the same sitting) | beside it: CPU per application | requests per application | database queries (transactions) per application | failed | server RSS idle / peak | load average before → after |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.runs.map(
      (run) =>
        `| ${run.database} | ${run.applicationsPerMinute} (${run.applications} in ${run.seconds} s, ${run.concurrency} at a time) | ${run.serverCpuMsPerApplication} ms${mainThreadOf(run)}${run.bareRequestCpuMs ? ` = ${inBareRequests(run)}` : ''}${run.databaseCpuMsPerApplication === undefined ? '' : `, + ${run.databaseCpuMsPerApplication} ms in PostgreSQL`} | ${othersOf(run)} | ${run.requestsPerApplication} | ${run.queriesPerApplication === undefined ? '—' : `${run.queriesPerApplication} (${run.transactionsPerApplication})`} | ${run.errors} | ${run.rssMb.idle} / ${run.rssMb.peak} MB | ${run.loadAverage.before} → ${run.loadAverage.after} |`,
    ),
    '',
    `| route | ${results.runs.map((run) => `${run.database} p50 / p99 ms`).join(' | ')} |`,
    `|---|${results.runs.map(() => '---').join('|')}|`,
    ...(results.runs[0]?.routes ?? []).map((route) => {
      const cells = results.runs.map((run) => {
        const figure = run.routes.find((candidate) => candidate.route === route.route);
        return figure ? `${figure.p50Ms} / ${figure.p99Ms}` : '—';
      });
      return `| ${route.route} | ${cells.join(' | ')} |`;
    }),
  ];
  return lines.join('\n');
}

/** bench/results/flow-<date and time>.json, and the table between the flow markers in bench/README.md. */
export function writeFlowResults(results: FlowResults): string {
  return writeBenchResults(`flow-${results.date.slice(0, 16).replace(/[T:]/g, '-')}`, results, 'flow', table(results));
}

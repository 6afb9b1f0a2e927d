import { describe, expect, it } from 'vitest';
import { flowChecks, printRun } from '../../bench/flow-report';
import type { FlowFigure } from '../../bench/flow-run';

const run = (database: FlowFigure['database'], serverCpuMsPerApplication: number, applicationsPerMinute: number): FlowFigure => ({
  database,
  applications: 200,
  concurrency: 32,
  seconds: 10,
  applicationsPerMinute,
  serverCpuMsPerApplication,
  serverCpuByThread: { 'main thread': 21, 'libvips worker': 5 },
  requestsPerApplication: 33,
  queriesPerApplication: 238,
  transactionsPerApplication: 15,
  errors: 0,
  errorSamples: [],
  rssMb: { idle: 200, after: 250, peak: 300 },
  loadAverage: { before: 1, after: 2 },
  routes: [],
});

/** `npm run bench:flow -- --check` (issues 26 and 33): what fails it. */
describe('the whole-flow budgets', () => {
  const missed = (runs: FlowFigure[]) => flowChecks(runs).filter((check) => !check.ok).map((check) => check.name);

  it('server CPU above 40 ms per application fails on either database; SQLite under 1,000 applications a minute fails', () => {
    expect(missed([run('SQLite', 40, 1000), run('PostgreSQL', 40, 300)])).toEqual([]);
    expect(missed([run('SQLite', 40.1, 1000), run('PostgreSQL', 40.1, 300)])).toEqual(['SQLite: server CPU per application', 'PostgreSQL: server CPU per application']);
    expect(missed([run('SQLite', 30, 999)])).toEqual(['SQLite: complete applications per minute']);
  });

  it('prints, per database, the requests and queries per application and the server CPU with its main thread', () => {
    const lines: string[] = [];
    printRun(run('PostgreSQL', 38, 700), (line) => lines.push(line));
    expect(lines[0]).toContain('server CPU 38 ms per application (main thread 21 ms), 33 requests, 238 database queries in 15 transactions each, 0 failed');
  });

  it('gives the server CPU in bare Fastify requests of the same sitting, from the yardstick before and after the run', () => {
    const lines: string[] = [];
    printRun({ ...run('SQLite', 120, 600), bareRequestCpuMs: { before: 0.058, after: 0.062 } }, (line) => lines.push(line));
    expect(lines[1]).toBe("  the server's CPU per application = 2000 bare Fastify requests (0.060 ms each this sitting); a bare request 0.058 ms before the run, 0.062 ms after");
  });
});

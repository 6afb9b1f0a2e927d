import { storageKeys } from '../src/state/persisted';
import { prepareApplicants, stepOfRoute } from './applicants';
import { runLighthouse, type LighthouseFigure } from './lighthouse';
import type { BenchServers } from './servers';

export const lighthouseRuns = 5;

export interface LighthouseResult extends LighthouseFigure {
  /** Performance score of every measured run; the figure is the run with the median score. */
  performanceRuns: number[];
}

/**
 * Lighthouse on /login (a first visit), /verify-pan and /personal-details (an applicant signed in, at that step),
 * each run several times: on a shared machine a single run's blocking time varies a lot.
 */
export async function lighthouseFigures({ app, dataDir }: BenchServers, log: (line: string) => void): Promise<LighthouseResult[]> {
  const [token = ''] = await prepareApplicants(dataDir, stepOfRoute('/verify-pan'), 1, 6_400_000_000);
  const [personalToken = ''] = await prepareApplicants(dataDir, stepOfRoute('/personal-details'), 1, 6_400_000_100);
  const routes: [string, Record<string, string>][] = [
    ['/login', {}],
    ['/verify-pan', { [storageKeys.authToken]: JSON.stringify(token) }],
    ['/personal-details', { [storageKeys.authToken]: JSON.stringify(personalToken) }],
  ];
  const results: LighthouseResult[] = [];
  for (const [route, storage] of routes) {
    const runs: LighthouseFigure[] = [];
    for (let i = 0; i < lighthouseRuns; i++) runs.push(await runLighthouse(app.url, route, storage));
    // A run that failed in Lighthouse itself scores 0 without measuring anything: shown, not counted.
    const measured = runs.filter((run) => !run.runtimeError);
    const sorted = [...(measured.length > 0 ? measured : runs)].sort((a, b) => a.performance - b.performance);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const shown = runs.map((run) => (run.runtimeError ? `failed (${run.runtimeError})` : String(run.performance)));
    results.push({ ...median, performanceRuns: measured.map((run) => run.performance) });
    log(`  ${route}: performance ${median.performance} (runs ${shown.join(', ')}), accessibility ${median.accessibility}, best practices ${median.bestPractices}`);
  }
  return results;
}

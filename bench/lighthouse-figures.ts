import { storageKeys } from '../src/state/persisted';
import { prepareApplicants } from './applicants';
import { timeToFirstInput, type FirstInputFigure } from './first-input';
import { journeyPages } from './journey-pages';
import { runLighthouse, type LighthouseFigure } from './lighthouse';
import type { BenchServers } from './servers';

export interface PageRuns {
  /** Lighthouse runs per page (the median is reported); five unless a quick look asks for fewer. */
  lighthouse: number;
  /** First-input runs per page. */
  firstInput: number;
  /** Only these routes, when given (a quick look at some pages; the check needs them all). */
  routes?: readonly string[];
}

export const defaultRuns: PageRuns = { lighthouse: 5, firstInput: 3 };

export interface LighthouseResult extends LighthouseFigure {
  /** Performance score of every measured run; the figure is the run with the median score. */
  performanceRuns: number[];
  /** Time until the step's first control accepts input (bench/first-input.ts), the median of its runs. */
  firstInput: { ms?: number; control?: string; runs: (number | undefined)[] };
}

function median<T>(sorted: readonly T[]): T | undefined {
  return sorted[Math.floor(sorted.length / 2)];
}

/** The median of the first-input runs; a run whose page showed no live control counts as the slowest. */
function firstInputMedian(runs: FirstInputFigure[]): LighthouseResult['firstInput'] {
  const sorted = [...runs].sort((a, b) => (a.ms ?? Infinity) - (b.ms ?? Infinity));
  const middle = median(sorted);
  return { ...(middle?.ms !== undefined ? { ms: middle.ms, control: middle.control } : {}), runs: runs.map((run) => run.ms) };
}

const attempts = 3;

/**
 * One run, tried again when the browser or the connection to it fails (a run that measured but scored badly is a
 * figure, not retried); after the last attempt `failed` stands in for it, so one bad run does not end the table.
 */
async function retried<T>(what: string, run: () => Promise<T>, failed: (message: string) => T, log: (line: string) => void): Promise<T> {
  let message = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    try {
      return await run();
    } catch (error) {
      message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
      log(`    ${what}: run failed (attempt ${attempt} of ${attempts}): ${message}`);
    }
  }
  return failed(message);
}

function failedFigure(route: string): LighthouseFigure {
  return { route, performance: 0, accessibility: 0, bestPractices: 0, seo: 0, fcpMs: 0, lcpMs: 0, tbtMs: 0, cls: 0, failing: [], lcp: '', benchmarkIndex: 0 };
}

/**
 * Every page of the journey (bench/journey-pages.ts), each opened as the applicant at its step opens it (signed in,
 * token stored; a public page as a first visit): Lighthouse several times (on a shared machine a single run's
 * blocking time varies a lot), then the time until its first control takes input, several times.
 */
export async function lighthouseFigures({ app, dataDir }: BenchServers, log: (line: string) => void, runs: PageRuns = defaultRuns): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  let phone = 6_400_000_000;
  for (const { route, step } of journeyPages().filter((page) => !runs.routes || runs.routes.includes(page.route))) {
    const [token] = step ? await prepareApplicants(dataDir, step, 1, phone++) : [];
    const storage: Record<string, string> = token ? { [storageKeys.authToken]: JSON.stringify(token) } : {};
    const figures: LighthouseFigure[] = [];
    for (let i = 0; i < runs.lighthouse; i++) {
      // A run Lighthouse itself reports as failed (NO_NAVSTART on a busy machine) is tried again like a crash.
      const run = async () => {
        const figure = await runLighthouse(app.url, route, storage);
        if (figure.runtimeError) throw new Error(figure.runtimeError);
        return figure;
      };
      figures.push(await retried(`Lighthouse ${route}`, run, (message) => ({ ...failedFigure(route), runtimeError: message }), log));
    }
    // A run that failed every attempt scores 0 without measuring anything: shown, not counted.
    const measured = figures.filter((run) => !run.runtimeError);
    const sorted = [...(measured.length > 0 ? measured : figures)].sort((a, b) => a.performance - b.performance);
    const figure = median(sorted)!;
    const inputs: FirstInputFigure[] = [];
    for (let i = 0; i < runs.firstInput; i++) {
      inputs.push(await retried(`first input ${route}`, () => timeToFirstInput(app.url, route, storage), () => ({ route }), log));
    }
    const firstInput = firstInputMedian(inputs);
    const shown = figures.map((run) => (run.runtimeError ? `failed (${run.runtimeError})` : String(run.performance)));
    results.push({ ...figure, performanceRuns: measured.map((run) => run.performance), firstInput });
    log(
      `  ${route}: performance ${figure.performance} (runs ${shown.join(', ')}), accessibility ${figure.accessibility}, best practices ${figure.bestPractices}, ` +
        `LCP ${figure.lcpMs} ms, TBT ${figure.tbtMs} ms; first input ${firstInput.ms ?? '—'} ms (${firstInput.control ?? 'no control'}; runs ${firstInput.runs.map((ms) => ms ?? '—').join(', ')})` +
        `\n    LCP ${figure.lcp}` +
        (figure.failing.length > 0 ? `\n    not passing: ${figure.failing.join(', ')}` : ''),
    );
  }
  return results;
}

import type { LoadFigure } from './load';
import type { LighthouseResult } from './lighthouse-figures';
import { inlineCssBudgetKb, type RouteBundle } from './bundle-budgets';

/** One figure with its budget; `ok` is false on a miss. */
export interface Check {
  name: string;
  value: string;
  budget: string;
  ok: boolean;
}

/** Ratio to the bare Fastify route that each API figure must reach (no target for the others). */
export const ratioTargets: Record<string, number> = {
  '404 (unknown route)': 0.8,
  'GET /api/user': 0.5,
};

export const lighthouseTargets = { performance: 95, accessibility: 100, bestPractices: 100 } as const;

export function bundleChecks(bundles: RouteBundle[]): Check[] {
  return bundles.flatMap((bundle) => {
    const route = bundle.language ? `${bundle.route} in ${bundle.language}` : bundle.route;
    return [
      { name: `JS ${route} (gzip)`, value: `${bundle.jsKb} KB`, budget: `≤ ${bundle.budgetKb} KB`, ok: bundle.jsKb <= bundle.budgetKb },
      ...(bundle.inlineCssKb !== undefined && !bundle.language
        ? [{ name: `inline CSS ${route}`, value: `${bundle.inlineCssKb} KB`, budget: `< ${inlineCssBudgetKb} KB`, ok: bundle.inlineCssKb < inlineCssBudgetKb }]
        : []),
      ...(bundle.forbidden.length > 0 || bundle.route === '/login'
        ? [{ name: `${route} without form engine, validators, dates, crop, signature, QR, fuzzy search`, value: bundle.forbidden.join(', ') || 'none', budget: 'none', ok: bundle.forbidden.length === 0 }]
        : []),
    ];
  });
}

export function apiChecks(figures: LoadFigure[]): Check[] {
  return figures.flatMap((figure) => {
    const target = ratioTargets[figure.name];
    const value = `${figure.requestsPerSecond} req/s = ${figure.ratioToBare}× bare`;
    const failed = figure.failed > 0 ? [{ name: `${figure.name}: answers as expected`, value: `${figure.failed} failed`, budget: '0 failed', ok: false }] : [];
    if (target === undefined) return failed;
    return [{ name: figure.name, value, budget: `≥ ${target}× bare`, ok: (figure.ratioToBare ?? 0) >= target }, ...failed];
  });
}

export function lighthouseChecks(results: LighthouseResult[]): Check[] {
  return results.flatMap((result) =>
    (Object.keys(lighthouseTargets) as (keyof typeof lighthouseTargets)[]).map((category) => ({
      name: `Lighthouse ${result.route} ${category}`,
      value:
        category === 'performance'
          ? `${result.performance} (FCP ${result.fcpMs} ms, LCP ${result.lcpMs} ms, TBT ${result.tbtMs} ms, CLS ${result.cls}; runs ${result.performanceRuns.join(', ')})`
          : String(result[category]),
      budget: `≥ ${lighthouseTargets[category]}`,
      ok: result[category] >= lighthouseTargets[category],
    })),
  );
}

export function printChecks(checks: Check[], log: (line: string) => void): void {
  const width = Math.max(...checks.map((check) => check.name.length));
  for (const check of checks) {
    log(`${check.ok ? 'ok  ' : 'MISS'}  ${check.name.padEnd(width)}  ${check.value.padStart(24)}  budget ${check.budget}`);
  }
}

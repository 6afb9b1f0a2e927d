import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

/** Lighthouse's four category scores (0-100) and the timings behind performance. */
export interface LighthouseFigure {
  route: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that did not pass, for the report when a score misses. */
  failing: string[];
  /** The largest contentful paint's element and its phases (time to first byte, render delay...), where the trace says. */
  lcp: string;
  /** Lighthouse's measure of this machine's speed (its CPU throttling assumes ~1000+). */
  benchmarkIndex: number;
  /** Set when the run itself failed (a trace without a paint, say): its scores are not measurements. */
  runtimeError?: string;
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Lighthouse (mobile emulation, its default throttling) on `base + route` in Debian's Chromium.
 * `storage` is put in the origin's localStorage first (a signed-in applicant), and kept.
 */
export async function runLighthouse(base: string, route: string, storage: Record<string, string> = {}): Promise<LighthouseFigure> {
  const profile = mkdtempSync(join(tmpdir(), 'onboard-lighthouse-'));
  // Port 0: Chromium picks a free port itself (no clash with another engineer's process) and writes it to the profile.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--remote-debugging-port=0', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const port = await devToolsPort(profile);
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${base}/robots.txt`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    const result = await lighthouse(`${base}${route}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      disableStorageReset: true,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${route}`);
    keepReport(route, result.lhr, result.artifacts.Trace);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
    const failing = Object.values(audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual')
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return {
      route,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: Math.round((audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
      failing,
      lcp: describeLcp(audits['largest-contentful-paint-element']?.details),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      ...(result.lhr.runtimeError ? { runtimeError: result.lhr.runtimeError.code } : {}),
    };
  } finally {
    await browser.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * BENCH_LIGHTHOUSE_REPORTS=dir keeps each run's whole report (its long tasks, scripts' boot-up time, the LCP's phases)
 * and its trace beside it (`.trace.json`, opens in DevTools' Performance panel).
 */
function keepReport(route: string, lhr: object, trace: object): void {
  const dir = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const name = `${route.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root'}-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  writeFileSync(join(dir, `${name}.json`), JSON.stringify(lhr));
  writeFileSync(join(dir, `${name}.trace.json`), JSON.stringify(trace));
}

const portDeadlineMs = 30_000;

/**
 * The port of Chromium's DevTools endpoint once it answers: Chromium writes DevToolsActivePort in its profile when the
 * socket listens, which can be after Playwright's pipe is up (on a loaded machine, seconds after). Lighthouse connecting
 * before then fails with ECONNREFUSED.
 */
async function devToolsPort(profile: string): Promise<number> {
  const file = join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + portDeadlineMs;
  let lastError = 'DevToolsActivePort not written';
  while (Date.now() < deadline) {
    const port = existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : 0;
    if (port > 0) {
      try {
        const answer = await fetch(`http://127.0.0.1:${port}/json/version`, { signal: AbortSignal.timeout(2000) });
        if (answer.ok) return port;
        lastError = `/json/version answered ${answer.status}`;
      } catch (error) {
        lastError = error instanceof Error ? error.message : String(error);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Chromium's DevTools port did not answer within ${portDeadlineMs / 1000} s (${lastError})`);
}

interface LcpDetails {
  items?: { items?: { node?: { selector?: string; snippet?: string }; phase?: string; timing?: number }[] }[];
}

/** "p.screen-subtitle: TTFB 600 ms, Render Delay 900 ms" from Lighthouse's LCP element audit. */
function describeLcp(details: unknown): string {
  const [element, phases] = (details as LcpDetails | undefined)?.items ?? [];
  const node = element?.items?.[0]?.node;
  const timings = (phases?.items ?? []).map((phase) => `${phase.phase ?? '?'} ${Math.round(phase.timing ?? 0)} ms`);
  return [node?.selector ?? node?.snippet ?? 'unknown', timings.join(', ')].filter(Boolean).join(': ');
}

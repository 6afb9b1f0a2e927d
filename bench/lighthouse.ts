import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from './processes';

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
  const port = freePort();
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`, '--no-first-run', '--disable-background-networking'],
  });
  try {
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

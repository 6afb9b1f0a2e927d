import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineCssKb } from '../../bench/bundle-budgets';
import { journeyPages } from '../../bench/journey-pages';
import { flow } from '../../scripts/flow-pages';

describe('bench: the journey pages it measures', () => {
  const config = flow();
  const pages = journeyPages();
  const routes = pages.map((page) => page.route);

  it('measures the landing page of every journey step, and the completed page, each once', () => {
    for (const step of config.steps.filter((candidate) => candidate.journey)) expect(routes).toContain(step.routes[0]);
    expect(routes).toContain(config.routes.completed);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('opens a public page as a first visit, every other as the applicant at a step that shows it', () => {
    for (const page of pages) {
      if (config.publicRoutes.includes(page.route)) expect(page.step).toBeUndefined();
      else expect(config.steps.find((step) => step.id === page.step)?.routes).toContain(page.route);
    }
  });
});

describe('bench: the CSS inline in a prerendered page', () => {
  it('counts every <style> of the page, in KB of its text', () => {
    const dist = mkdtempSync(join(tmpdir(), 'onboard-inline-css-'));
    try {
      mkdirSync(join(dist, 'step'));
      writeFileSync(join(dist, 'step', 'index.html'), `<html><head><style>${'a'.repeat(1024)}</style><style media="x">${'b'.repeat(512)}</style></head></html>`);
      expect(inlineCssKb(dist, '/step')).toBe(1.5);
      expect(inlineCssKb(dist, '/missing')).toBeUndefined();
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from './browser';
import { settled } from './settle';

/** One serious or critical axe-core violation on a screen. */
export interface Finding {
  route: string;
  rule: string;
  targets: string[];
}

/**
 * axe-core's serious and critical violations. A toast's time runs out on its own clock, so one can start fading
 * while axe reads colours (caught at 1.19:1 mid-fade in the golden journey and on /confirm-pan): a finding counts
 * only when a scan of the settled page made after it finds it again. A real problem is on the page both times.
 */
export async function axeFindings(page: Page, route = new URL(page.url()).pathname): Promise<Finding[]> {
  const first = await seriousViolations(page, route);
  if (!first.length) return first;
  await settled(page);
  const again = await seriousViolations(page, route);
  return again.filter((finding) => first.some((earlier) => earlier.rule === finding.rule));
}

/** The findings as a test failure names them: rule, then each element with axe's reason. */
export function describeFindings(findings: Finding[]): string[] {
  return findings.map((finding) => `${finding.route} ${finding.rule}: ${finding.targets.join(' | ')}`);
}

async function seriousViolations(page: Page, route: string): Promise<Finding[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      route,
      rule: violation.id,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`),
    }));
}

import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '../browser';
import { settled } from '../settle';

/** What the golden journeys check on every screen and error state they pass. */
export interface Finding {
  route: string;
  rule: string;
  targets: string[];
}

/**
 * axe-core's serious and critical violations. A toast's time runs out on its own clock, so one can start fading
 * while axe reads colours (caught once at 1.19:1 mid-fade): a finding counts only when a scan of the settled page
 * made after it finds it again. A real problem is on the page both times.
 */
export async function axeFindings(page: Page, route: string): Promise<Finding[]> {
  const first = await seriousViolations(page, route);
  if (!first.length) return first;
  await settled(page);
  const again = await seriousViolations(page, route);
  return again.filter((finding) => first.some((earlier) => earlier.rule === finding.rule));
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

/**
 * WCAG 2.5.8: controls at least 24 × 24 CSS pixels. A checkbox or radio counts with its label (the label is part
 * of what takes the click); links inside a sentence are exempt, as is what is hidden or only read out.
 */
export async function smallTargets(page: Page, route: string): Promise<Finding[]> {
  const small = await page.evaluate(() => {
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="radio"], [role="checkbox"], [role="slider"], [role="combobox"]',
    );
    const found: string[] = [];
    for (const control of controls) {
      if (control.closest('[aria-hidden="true"], [hidden], .visually-hidden')) continue;
      if (control.tagName === 'A' && control.closest('p, li > span, .checkbox-cards-note') && !control.classList.contains('ant-btn')) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      const input = control as HTMLInputElement;
      // The search input of an antd select, or a text input with a prefix or a suffix (+91, the calendar button),
      // sits inside a box that takes the click: the box counts.
      const target =
        (input.type === 'checkbox' || input.type === 'radio') && control.closest('label')
          ? control.closest('label')!
          : (control.closest('.ant-select, .ant-input-affix-wrapper') as HTMLElement | null) ?? control;
      const box = target.getBoundingClientRect();
      // Inputs kept for labels and tests but drawn by another element (the upload control's, antd's own).
      if (box.width <= 1 || box.height <= 1 || Number(style.opacity) === 0) continue;
      if (box.width < 24 || box.height < 24) found.push(`${target.tagName.toLowerCase()} "${(target.textContent ?? target.getAttribute('aria-label') ?? '').trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return found;
  });
  return small.length ? [{ route, rule: 'target-size (24 px)', targets: small }] : [];
}

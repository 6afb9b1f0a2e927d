import type { Finding } from '../axe';
import type { Page } from '../browser';

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
      // Inputs kept for labels and tests but drawn by another element (the upload control's). antd's checkbox and
      // radio draw theirs too, transparent over the box: their label is the target, measured whatever the input's opacity.
      if (box.width <= 1 || box.height <= 1 || (target === control && Number(style.opacity) === 0)) continue;
      if (box.width < 24 || box.height < 24) found.push(`${target.tagName.toLowerCase()} "${(target.textContent ?? target.getAttribute('aria-label') ?? '').trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return found;
  });
  return small.length ? [{ route, rule: 'target-size (24 px)', targets: small }] : [];
}

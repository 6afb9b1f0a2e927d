import type { Finding } from './axe';
import type { Page } from './browser';

/**
 * WCAG 1.4.4 (resize text) on a phone: every text of the screen at twice its size, the layout as wide as the
 * window (390 px). Nothing may be lost: no sideways scroll of the page, every control inside the window's width,
 * no control's label spilling out of it, no two controls on top of each other, and the primary action still there.
 * The text is enlarged element by element (each one's computed size doubled, px or rem alike: the theme sets
 * sizes in px, which the browser's own text-size setting would leave alone), checked, then put back as it was.
 */
export async function zoomFindings(page: Page, route: string): Promise<Finding[]> {
  const problems = await page.evaluate(async () => {
    const elements = [...document.querySelectorAll<HTMLElement>('body *')];
    const sizes = elements.map((element) => parseFloat(getComputedStyle(element).fontSize));
    const before = elements.map((element) => [element.style.getPropertyValue('font-size'), element.style.getPropertyPriority('font-size')] as const);
    elements.forEach((element, index) => element.style.setProperty('font-size', `${sizes[index]! * 2}px`, 'important'));
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth > width + 1) found.push(`the page scrolls sideways: ${scroller.scrollWidth} px of content in ${width} px`);
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden' && !element.closest('[aria-hidden="true"], [hidden], .visually-hidden');
    };
    const describe = (element: Element) => `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}"`;
    // What a person works: a checkbox or radio by its label, an input by the box drawn round it; in the open dialog
    // only, when there is one (the page behind it is out of reach).
    const dialogs = [...document.querySelectorAll('[role="dialog"]')].filter(shown);
    const scope: ParentNode = dialogs.at(-1) ?? document;
    const controls = [...scope.querySelectorAll<HTMLElement>('button, a.ant-btn, input:not([type="hidden"]), select, textarea, [role="radio"], [role="checkbox"], [role="combobox"]')]
      .map((control) => {
        const input = control as HTMLInputElement;
        if ((input.type === 'checkbox' || input.type === 'radio') && control.closest('label')) return control.closest('label')!;
        return (control.closest('.ant-select, .ant-input-affix-wrapper, .phone-input') as HTMLElement | null) ?? control;
      })
      .filter((control, index, all) => all.indexOf(control) === index && shown(control) && Number(getComputedStyle(control).opacity) > 0);
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.left < -1 || box.right > width + 1) found.push(`${describe(control)} reaches outside the window's width (${Math.round(box.left)}..${Math.round(box.right)} of ${width})`);
      if (control.tagName === 'BUTTON' || control.classList.contains('ant-btn')) {
        const text = document.createRange();
        text.selectNodeContents(control);
        const words = text.getBoundingClientRect();
        if (words.width > 0 && (words.left < box.left - 1 || words.right > box.right + 1 || words.top < box.top - 1 || words.bottom > box.bottom + 1)) found.push(`${describe(control)}: its label spills out of the button`);
      }
    }
    for (const [index, one] of controls.entries()) {
      for (const other of controls.slice(index + 1)) {
        if (one.contains(other) || other.contains(one)) continue;
        const a = one.getBoundingClientRect();
        const b = other.getBoundingClientRect();
        const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
        if (overlap) found.push(`${describe(one)} and ${describe(other)} overlap`);
      }
    }
    const primary = [...document.querySelectorAll('main .ant-btn-primary, [role="dialog"] .ant-btn-primary')].filter(shown);
    if (document.querySelector('main .ant-btn-primary') && !primary.length) found.push('the primary button is gone');
    elements.forEach((element, index) => {
      const [value, priority] = before[index]!;
      if (value) element.style.setProperty('font-size', value, priority);
      else element.style.removeProperty('font-size');
    });
    return found;
  });
  return problems.length ? [{ route, rule: 'text at 200 %', targets: problems }] : [];
}

/**
 * WCAG 2.3.3 with prefers-reduced-motion: reduce: no element (nor its ::before, ::after) animates or transitions
 * for longer than a hundredth of a second, and no animation is running (a JavaScript one included).
 */
export async function motionFindings(page: Page, route: string): Promise<Finding[]> {
  const problems = await page.evaluate(() => {
    const seconds = (value: string) => Math.max(...value.split(',').map((part) => (part.trim().endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part) || 0)));
    const found = new Set<string>();
    for (const element of document.querySelectorAll('*')) {
      for (const pseudo of [null, '::before', '::after']) {
        const style = getComputedStyle(element, pseudo);
        const name = `${element.tagName.toLowerCase()}${[...element.classList].map((c) => `.${c}`).join('').slice(0, 60)}${pseudo ?? ''}`;
        if (style.animationName !== 'none' && seconds(style.animationDuration) > 0.01) found.add(`${name}: animation ${style.animationName} ${style.animationDuration}`);
        if (style.transitionProperty !== 'none' && seconds(style.transitionDuration) > 0.01) found.add(`${name}: transition ${style.transitionProperty} ${style.transitionDuration}`);
      }
    }
    for (const animation of document.getAnimations()) {
      const duration = Number(animation.effect?.getTiming().duration ?? 0);
      if (animation.playState === 'running' && duration > 10) found.add(`a running animation of ${duration} ms`);
    }
    return [...found];
  });
  return problems.length ? [{ route, rule: 'motion despite reduced motion', targets: problems }] : [];
}

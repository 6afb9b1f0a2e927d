import type { Locator } from 'playwright-core';

/**
 * The contrast ratio (WCAG 2) of an element's text colour against the first opaque background behind it, as the
 * browser computes them. axe skips some elements (a link styled as a button once read as 1:1 and passed), so the
 * tests of those check this directly.
 */
export async function contrastOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const rgb = (value: string): number[] => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const channel = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    let background: number[] = [255, 255, 255];
    for (let at: Element | null = node; at; at = at.parentElement) {
      const colour = rgb(getComputedStyle(at).backgroundColor);
      if (colour.length === 3 || (colour[3] ?? 0) >= 0.99) {
        background = colour.slice(0, 3);
        break;
      }
    }
    const foreground = rgb(getComputedStyle(node).color).slice(0, 3);
    const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number];
    return Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100;
  });
}

import type { Locator, Page } from 'playwright-core';

/**
 * Whether the element is wholly inside the window as it stands (no scrolling): Playwright's "visible" also holds
 * for an element below the fold, which a person never sees without scrolling.
 */
export async function onScreen(page: Page, element: Locator): Promise<boolean> {
  const box = await element.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.width > 0 && box.height > 0 && box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
}

import type { Locator, Page } from 'playwright-core';

/** The select's open list: antd keeps a closed list in the page, hidden. */
export const openList = (page: Page): Locator => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');

/**
 * Clicks `option` in the open list and waits for the list to close. A click that lands while the list is still
 * drawing itself in is lost (seen on a loaded machine: the list stayed open 10 s with nothing chosen), so it is given
 * again, as a person would click again. Playwright's own waits, not vitest's: `npm run screenshots` walks journeys
 * outside a test.
 */
export async function clickOptionUntilClosed(page: Page, option: Locator): Promise<void> {
  const open = openList(page);
  for (let attempt = 1; ; attempt += 1) {
    await option.click();
    try {
      await open.first().waitFor({ state: 'detached', timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3 || (await option.count()) === 0) throw error;
    }
  }
}

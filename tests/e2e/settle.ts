import type { Page } from './browser';

/**
 * Waits until fades and slides (a toast, a dialog, a button leaving its loading state) have ended: axe and
 * screenshots read colours, and a colour mid-transition is neither the start's nor the end's.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

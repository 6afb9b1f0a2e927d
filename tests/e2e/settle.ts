import type { Page } from './browser';

/**
 * Waits until fades and slides (a toast, a dialog, a button leaving its loading state) have ended and none has
 * started for a few frames: axe and screenshots read colours, and a colour mid-transition is neither the start's
 * nor the end's (a button turning from its loading look to its own caught at 1.55:1 once).
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      const still = document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity);
      const state = window as unknown as { onboardQuietFrames?: number };
      state.onboardQuietFrames = still ? (state.onboardQuietFrames ?? 0) + 1 : 0;
      return state.onboardQuietFrames >= 5;
    },
    undefined,
    { timeout: 10_000, polling: 50 },
  );
  await page.evaluate(async () => {
    (window as unknown as { onboardQuietFrames?: number }).onboardQuietFrames = 0;
    // A web font swapped in late (Devanagari on a machine without one) is part of what the screen shows.
    await document.fonts.ready;
  });
}

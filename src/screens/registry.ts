import { preloadable, type PreloadableScreen } from './preloadable';
import { screenDefinitions, type ScreenName } from './screen-catalog';

export { isScreenName } from './screen-catalog';

/**
 * Each screen definition's component, loaded on first use or ahead of it; each screen is its own chunk.
 * (bench/bundle-budgets reads the `<screen>.screen.ts` files to know each screen's chunk.)
 */
export const screenRegistry = Object.fromEntries(
  screenDefinitions.map((definition) => [definition.name, preloadable(definition.load)]),
) as Record<ScreenName, PreloadableScreen>;

import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates a prerendered page (and when rendering at build time), true in every render after:
 * a screen that draws differently once data has arrived keeps the prerendered look until hydration has finished,
 * so data arriving mid-hydration cannot make the markup differ from the page's (React error 418).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

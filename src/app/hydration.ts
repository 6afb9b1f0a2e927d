import { storageKeys } from '../state/persisted';

/** What the build wrote on #root of a prerendered page (scripts/vite-prerender.ts). */
export interface Prerendered {
  /** The route the markup was rendered for. */
  route: string;
  /** Rendered as a first visit sees it (nothing stored, no query): the browser may hydrate it. */
  hydratable: boolean;
}

export function readPrerendered(root: HTMLElement): Prerendered | null {
  const route = root.dataset.prerendered;
  return route ? { route, hydratable: root.dataset.hydratable === 'true' } : null;
}

function storesNothing(storage: Storage): boolean {
  return Object.values(storageKeys).every((key) => storage.getItem(key) === null);
}

/**
 * Hydrate only when the first render will produce the prerendered markup: same route, no query
 * (start-up links act on it), nothing stored (a token or a prefilled number changes the page).
 * Otherwise React renders afresh over it: the prerendered card stays on screen until then.
 */
export function canHydrate(prerendered: Prerendered | null, location: Pick<Location, 'pathname' | 'search'>): boolean {
  if (!prerendered?.hydratable || prerendered.route !== location.pathname || location.search !== '') return false;
  try {
    return storesNothing(localStorage) && storesNothing(sessionStorage);
  } catch {
    // Storage blocked (some privacy modes): the app will not see a session either, but do not guess.
    return false;
  }
}

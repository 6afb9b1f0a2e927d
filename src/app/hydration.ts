import { storageKeys } from '../state/persisted';

/** Who the build rendered a prerendered page for (scripts/prerender-page.ts). */
export type HydratableBy = 'first-visit' | 'signed-in' | 'no-one';

/** What the build wrote on #root of a prerendered page (scripts/vite-prerender.ts). */
export interface Prerendered {
  /** The route the markup was rendered for. */
  route: string;
  hydratableBy: HydratableBy;
}

export function readPrerendered(root: HTMLElement): Prerendered | null {
  const route = root.dataset.prerendered;
  if (!route) return null;
  const { hydratable } = root.dataset;
  return { route, hydratableBy: hydratable === 'true' ? 'first-visit' : hydratable === 'signed-in' ? 'signed-in' : 'no-one' };
}

function stored(storage: Storage): string[] {
  return Object.values(storageKeys).filter((key) => storage.getItem(key) !== null);
}

/**
 * Hydrate only when the first render will produce the prerendered markup: same route, no query (start-up links act
 * on it), and storage as the build assumed it: nothing for a first visit; a token for a signed-in page. Until the
 * applicant has loaded, a signed-in page draws its form or a spinner and reads nothing stored but that a token is
 * there (never its value). Otherwise React renders afresh over it: the prerendered card stays on screen until then.
 */
export function canHydrate(prerendered: Prerendered | null, location: Pick<Location, 'pathname' | 'search'>): boolean {
  if (!prerendered || prerendered.hydratableBy === 'no-one' || prerendered.route !== location.pathname || location.search !== '') return false;
  try {
    const keys = [...stored(localStorage), ...stored(sessionStorage)];
    if (prerendered.hydratableBy === 'first-visit') return keys.length === 0;
    return keys.includes(storageKeys.authToken);
  } catch {
    // Storage blocked (some privacy modes): the app will not see a session either, but do not guess.
    return false;
  }
}

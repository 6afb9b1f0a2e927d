import { useEffect } from 'react';
import { useConfig } from '../config/config-context';
import { routeAfter } from '../../core/engine/flow';
import { onFirstInteraction } from '../ui/first-interaction';
import { preloadPage } from './preload-page';

/**
 * Once the applicant starts on this step (first touch or key), loads the next step's code when the
 * browser is idle, so the next page opens without waiting for it. Not on load: that would compete
 * with this page's own first paint.
 */
export function useNextStepPreload(route: string): void {
  const { flow, pages } = useConfig();
  useEffect(() => {
    const next = routeAfter(flow, route);
    if (!next || !pages[next]) return;
    let idle: number | undefined;
    const stop = onFirstInteraction(() => {
      const load = () => void preloadPage(pages[next]);
      idle = typeof requestIdleCallback === 'function' ? requestIdleCallback(load, { timeout: 2000 }) : window.setTimeout(load, 0);
    });
    return () => {
      stop();
      if (idle === undefined) return;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [flow, pages, route]);
}

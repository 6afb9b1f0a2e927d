import { useEffect } from 'react';
import { useConfig } from '../config/config-context';
import { currentLanguage } from '../config/language';
import { loadTexts } from '../config/language-texts';
import { routeAfter } from '../../core/engine/flow';
import { onFirstInteractionIdle } from '../ui/first-interaction';
import { useFormWidgets } from './widget-set';
import { preloadPage } from './preload-page';

/**
 * Once the applicant starts on this step (first touch or key), loads the next step's code and texts when the
 * browser is idle, so the next page opens without waiting for them. Not on load: that would compete
 * with this page's own first paint.
 */
export function useNextStepPreload(route: string): void {
  const { bundle, flow, pages } = useConfig();
  const widgets = useFormWidgets();
  useEffect(() => {
    const next = routeAfter(flow, route);
    if (!next || !pages[next]) return;
    return onFirstInteractionIdle(() => {
      void preloadPage(pages[next], widgets);
      // Never rejects here: a failed chunk is tried again when the page opens (and says so if it fails then).
      loadTexts(bundle, currentLanguage(), next).catch(() => undefined);
    });
  }, [bundle, flow, pages, route, widgets]);
}

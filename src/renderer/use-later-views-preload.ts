import { useEffect } from 'react';
import { isFormPage, pageForms, type PageConfig } from '../../core/engine/config-types';
import { EmbeddedForm } from '../screens/embedded-form-view';
import { showsFormsLater } from '../screens/registry';
import { onFirstInteractionIdle } from '../ui/first-interaction';
import { preloadPageValidators } from './preload-validators';
import { useFormWidgets } from './widget-set';

/**
 * The code of the page's forms when it opens by the app's own navigation (the first page's was loaded before the
 * first render): at once where the page draws them at once, and where a screen shows them on a later view (the
 * bank's manual entry) once the applicant starts on the page, so the form they head for opens ready while the
 * page's own start is left alone.
 */
export function useLaterViewsPreload(page: PageConfig | undefined): void {
  const widgets = useFormWidgets();
  useEffect(() => {
    if (!page || pageForms(page).length === 0) return;
    if (isFormPage(page) || !showsFormsLater(page.screen)) return void preloadPageValidators(page, widgets);
    return onFirstInteractionIdle(() => {
      void preloadPageValidators(page, widgets);
      EmbeddedForm.preload().catch(() => undefined);
    });
  }, [page, widgets]);
}

import { useEffect } from 'react';
import { isFormPage, pageForms, type PageConfig } from '../../core/engine/config-types';
import { EmbeddedForm } from '../screens/embedded-form-view';
import { onFirstInteractionIdle } from '../ui/first-interaction';
import { preloadPageValidators } from './preload-validators';
import { useFormWidgets } from './widget-set';

/**
 * What the page may draw after its first view: a form page's step validators at once (its form checks with them), a
 * screen's embedded forms (the form engine, their validators and widgets) once the applicant starts on the page, so
 * the manual entry they head for opens ready while the page's own start is left alone.
 */
export function useLaterViewsPreload(page: PageConfig | undefined): void {
  const widgets = useFormWidgets();
  useEffect(() => {
    if (!page || pageForms(page).length === 0) return;
    if (isFormPage(page)) return void preloadPageValidators(page, widgets);
    return onFirstInteractionIdle(() => {
      void preloadPageValidators(page, widgets);
      EmbeddedForm.preload().catch(() => undefined);
    });
  }, [page, widgets]);
}

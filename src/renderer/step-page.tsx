import { Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { currentLanguage, subscribeLanguage } from '../config/language';
import { loadTexts, textsReady } from '../config/language-texts';
import { useLocation } from 'react-router-dom';
import { useRecordEvent } from '../api/use-record-event';
import { useConfig } from '../config/config-context';
import { isFormPage, type ScreenPageConfig } from '../../core/engine/config-types';
import { normalisePath } from '../../core/engine/flow';
import type { ScreenName } from '../../core/catalog/screens';
import { isScreenName, screenRegistry } from '../screens/registry';
import { Spinner } from '../ui/spinner';
import { ConfigAlert } from './config-alert';
import { PageErrorBoundary } from './page-error-boundary';
import { FormPage } from './lazy-form-page';
import { useLaterViewsPreload } from './use-later-views-preload';
import { useNextStepPreload } from './use-next-step-preload';

/** The resume screen stands in for routes whose own page has not landed yet: never a blank page. */
const fallbackPage: ScreenPageConfig = { screen: 'resume' satisfies ScreenName, copy: {} };

/** Looks the route up in the merged pages config and renders its schema form or its named screen. */
export function StepPage() {
  const { pathname } = useLocation();
  const { pages, flow } = useConfig();
  const route = normalisePath(pathname);
  const page = pages[route] ?? { ...fallbackPage, copy: pages[flow.routes.root]?.copy ?? {} };
  useLaterViewsPreload(pages[route]);
  useNextStepPreload(route);
  const record = useRecordEvent();
  // The funnel's page views: one per step route opened.
  useEffect(() => record({ type: 'page_view' }, route), [record, route]);
  return (
    <PageErrorBoundary key={route} route={route}>
      <Suspense fallback={<Spinner />}>
        <PageTexts route={route}>
          {isFormPage(page) ? <FormPage key={route} route={route} page={page} /> : <ScreenPage route={route} page={page} />}
        </PageTexts>
      </Suspense>
    </PageErrorBoundary>
  );
}

/**
 * Shows the page once its texts in the applicant's language are here, a spinner until then: no flash of another
 * language or of empty words. A chunk of the default language's texts that fails to load fails the page (its error
 * boundary says so); another language's leaves the default's words.
 */
function PageTexts({ route, children }: { route: string; children: ReactNode }) {
  const { bundle } = useConfig();
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  const ready = textsReady(bundle, language, route);
  const [failure, setFailure] = useState<Error | null>(null);
  // The app re-renders as texts arrive (useLanguageBundle follows them), so this page does too.
  useEffect(() => {
    if (!ready) loadTexts(bundle, language, route).catch((error: unknown) => setFailure(error instanceof Error ? error : new Error(String(error))));
  }, [ready, bundle, language, route]);
  if (failure) throw failure;
  return ready ? children : <Spinner />;
}

function ScreenPage({ route, page }: { route: string; page: ScreenPageConfig }) {
  const { screen, copy, options } = page;
  if (!isScreenName(screen)) {
    // config-check reports this in CI; say the same thing here rather than render nothing.
    return <ConfigAlert route={route} problems={[`no screen '${screen}'`]} />;
  }
  const Screen = screenRegistry[screen];
  return <Screen key={route} route={route} copy={copy} {...(options ? { options } : {})} />;
}

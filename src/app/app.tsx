import { ConfigProvider as ThemeProvider } from 'antd';
import { Provider as StoreProvider } from 'jotai';
import { useEffect, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ApiContext } from '../api/api-context';
import { defaultBundle } from '../config/bundle';
import { ConfigProvider } from '../config/config-context';
import { currentLanguage, subscribeLanguage } from '../config/language';
import { subscribeTexts, textsVersion, translatedBundle } from '../config/language-texts';
import { FormWidgetsContext } from '../renderer/widget-set';
import { flowConfigAtom } from '../state/derived';
import { prefersReducedMotion, stillTheme, subscribeReducedMotion, theme } from '../ui/theme';
import { ToastProvider } from '../ui/toast';
import { HistoryRouterView } from './history-router';
import { createRuntime, isHistoryRouter, type Runtime, type RuntimeOptions } from './runtime';
import { warmUpOnFirstInteraction } from './warm-up';

/** Renders a runtime; tests build their own runtime to look at its router and store. */
export function AppView({ runtime }: { runtime: Runtime }) {
  const { bundle, language } = useLanguageBundle(runtime);
  // antd's own words (a dialog's close button) in the applicant's language; no locale pack, only the texts we show.
  const close = bundle.messages.controls.close;
  const antdTexts = useMemo(() => ({ locale: language, global: { close } }), [language, close]);
  const still = useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion, () => false);
  return (
    <ConfigProvider bundle={bundle}>
      <StoreProvider store={runtime.store}>
        <ApiContext value={runtime.api}>
          <FormWidgetsContext value={runtime.widgets}>
            <ThemeProvider theme={still ? stillTheme : theme} locale={antdTexts}>
              <ToastProvider onError={runtime.recordError}>
                {isHistoryRouter(runtime.router) ? (
                  <HistoryRouterView router={runtime.router} />
                ) : (
                  <RouterProvider router={runtime.router} />
                )}
              </ToastProvider>
            </ThemeProvider>
          </FormWidgetsContext>
        </ApiContext>
      </StoreProvider>
    </ConfigProvider>
  );
}

/** The runtime's config in the applicant's language, as far as its texts have loaded; <html lang> follows. */
function useLanguageBundle(runtime: Runtime) {
  const language = useSyncExternalStore(subscribeLanguage, currentLanguage, currentLanguage);
  const version = useSyncExternalStore(subscribeTexts, textsVersion, textsVersion);
  const bundle = useMemo(() => translatedBundle(runtime.bundle, language), [runtime.bundle, language, version]);
  useLayoutEffect(() => {
    runtime.store.set(flowConfigAtom, bundle.flow);
    runtime.texts.messages = bundle.messages;
    document.documentElement.lang = language;
  }, [runtime, bundle, language]);
  return { bundle, language };
}

export type AppProps = Partial<RuntimeOptions>;

export function App({ bundle = defaultBundle, ...options }: AppProps) {
  const [runtime] = useState(() => createRuntime({ bundle, ...options }));
  useEffect(() => warmUpOnFirstInteraction(runtime.api), [runtime]);
  // The app is live (a prerendered page hydrated): what the browser tests wait for before they act on a page.
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
  }, []);
  return <AppView runtime={runtime} />;
}

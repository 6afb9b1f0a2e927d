import { ConfigProvider as ThemeProvider } from 'antd';
import { Provider as StoreProvider } from 'jotai';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ApiContext } from '../api/api-context';
import { defaultBundle } from '../config/bundle';
import { ConfigProvider } from '../config/config-context';
import { theme } from '../ui/theme';
import { ToastProvider } from '../ui/toast';
import { HistoryRouterView } from './history-router';
import { createRuntime, isHistoryRouter, type Runtime, type RuntimeOptions } from './runtime';
import { warmUpOnFirstInteraction } from './warm-up';

/** Renders a runtime; tests build their own runtime to look at its router and store. */
export function AppView({ runtime }: { runtime: Runtime }) {
  return (
    <ConfigProvider bundle={runtime.bundle}>
      <StoreProvider store={runtime.store}>
        <ApiContext value={runtime.api}>
          <ThemeProvider theme={theme}>
            <ToastProvider onError={runtime.recordError}>
              {isHistoryRouter(runtime.router) ? (
                <HistoryRouterView router={runtime.router} />
              ) : (
                <RouterProvider router={runtime.router} />
              )}
            </ToastProvider>
          </ThemeProvider>
        </ApiContext>
      </StoreProvider>
    </ConfigProvider>
  );
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

import { pagesBeforeUserAtom } from '../state/flags';
import { createStore } from 'jotai';
import type { createMemoryRouter, RouteObject } from 'react-router-dom';
import type { ApiClient, ApiClientOptions } from '../api/client';
import { createApiClient } from '../api/create-api-client';
import type { ConfigBundle, Messages } from '../../core/engine/config-types';
import { currentLanguage } from '../config/language';
import { translatedBundle } from '../config/language-texts';
import { allRoutes, normalisePath } from '../../core/engine/flow';
import { authTokenAtom } from '../state/account';
import type { FormWidgets } from '../renderer/widget-set';
import { flowConfigAtom } from '../state/derived';
import { setRedirected } from '../state/flags';
import { formWidgets } from './form-widgets';
import { createHistoryRouter, type HistoryRouter } from './history-router';
import { buildRoutes } from './routes';
import { clearSession, type Store } from './session-actions';

/** A data router (tests pass createMemoryRouter with initial entries) or the browser's history router. */
export type DataRouter = ReturnType<typeof createMemoryRouter>;
export type AppRouter = DataRouter | HistoryRouter;

export interface RuntimeOptions {
  bundle: ConfigBundle;
  /** Default: the browser's history router (no data-router code in the bundle). */
  createRouter?: (routes: RouteObject[]) => AppRouter;
  apiBaseUrl?: string;
  apiAdapter?: ApiClientOptions['adapter'];
  /**
   * The page was prerendered (src/app/start.tsx; the build itself): a signed-in page that can draw without the applicant (a
   * form, or a screen src/screens/registry.ts names) renders before they load, where it stands already, instead of a
   * spinner replacing it. Default: wait for the applicant.
   */
  pagesBeforeUser?: boolean;
  /** What forms render `"ui:widget"` names with; default the app's (widgets/registry.ts). */
  widgets?: FormWidgets;
}

/** The per-app-instance parts: store, router and API client, wired together (no module singletons). */
export interface Runtime {
  bundle: ConfigBundle;
  store: Store;
  router: AppRouter;
  api: ApiClient;
  widgets: FormWidgets;
  /** Spec sections 4 and 8: every error the applicant is shown is recorded with the page (so the step) it was on. */
  recordError(message: string): void;
  /** The texts the API client words failures with: the applicant's language's. */
  texts: { messages: Messages };
}

export function isHistoryRouter(router: AppRouter): router is HistoryRouter {
  return 'kind' in router && router.kind === 'history';
}

export function createRuntime({ bundle, createRouter = createHistoryRouter, apiBaseUrl, apiAdapter, pagesBeforeUser = false, widgets = formWidgets }: RuntimeOptions): Runtime {
  const { routes } = bundle.flow;
  const store = createStore();
  // In the applicant's language as far as its texts have loaded: what App's first render sets, the same object.
  store.set(flowConfigAtom, translatedBundle(bundle, currentLanguage()).flow);
  store.set(pagesBeforeUserAtom, pagesBeforeUser);
  const router = createRouter(buildRoutes(bundle.flow));
  // Read on each failure: the language's messages once they have loaded (App keeps them current).
  const texts = { messages: bundle.messages };
  const api = createApiClient({
    get messages() {
      return texts.messages;
    },
    getLanguage: currentLanguage,
    ...(apiBaseUrl ? { baseURL: apiBaseUrl } : {}),
    ...(apiAdapter ? { adapter: apiAdapter } : {}),
    getToken: () => store.get(authTokenAtom),
    onUnauthorized: () => {
      clearSession(store);
      void router.navigate(routes.root, { replace: true });
    },
    // A client-side navigation is enough: /refresh reloads the user from the server before moving on.
    onOutOfSync: () => {
      setRedirected();
      void router.navigate(routes.refresh, { replace: true });
    },
  });
  const flowRoutes = new Set(allRoutes(bundle.flow));
  const recordError = (message: string) => {
    const route = normalisePath(router.state.location.pathname);
    if (flowRoutes.has(route)) api.record?.({ type: 'form_error', route, message });
  };
  return { bundle, store, router, api, widgets, recordError, texts };
}

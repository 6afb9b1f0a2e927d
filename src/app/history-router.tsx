import { useEffect, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, useLocation, useNavigate, useRoutes, type Location, type NavigateFunction, type RouteObject } from 'react-router-dom';

/** What the app needs from a router outside React: navigate (api callbacks) and the location (tests). */
export interface NavigationHandle {
  navigate(to: string, options?: { replace?: boolean }): Promise<void>;
  readonly state: { readonly location: Pick<Location, 'pathname' | 'search' | 'hash'> };
}

/**
 * The browser's router: react-router's declarative mode over the route objects, without the data
 * router (loaders, actions, fetchers: unused here, ~15 KB gzip on every page). `initialPath` renders
 * in memory at that path instead (the build-time prerender), with the same component tree.
 */
export interface HistoryRouter extends NavigationHandle {
  kind: 'history';
  routes: RouteObject[];
  initialPath: string | undefined;
  /** Set by the view once mounted; navigations asked for before that wait for it. */
  attach(navigate: NavigateFunction, location: Location): void;
}

export function createHistoryRouter(routes: RouteObject[], options: { initialPath?: string } = {}): HistoryRouter {
  let navigateNow: NavigateFunction | null = null;
  let waiting: (() => void)[] = [];
  let location: Pick<Location, 'pathname' | 'search' | 'hash'> = { pathname: options.initialPath ?? '/', search: '', hash: '' };
  return {
    kind: 'history',
    routes,
    initialPath: options.initialPath,
    get state() {
      return { location };
    },
    async navigate(to, navigateOptions) {
      if (!navigateNow) await new Promise<void>((resolve) => waiting.push(resolve));
      await navigateNow?.(to, navigateOptions);
    },
    attach(navigate, current) {
      navigateNow = navigate;
      location = current;
      waiting.forEach((resolve) => resolve());
      waiting = [];
    },
  };
}

/** Hands the router's navigate and location to the handle; one child, so React's ids match the prerender. */
function Attach({ router, children }: { router: HistoryRouter; children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => router.attach(navigate, location), [router, navigate, location]);
  return children;
}

function RouteTree({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

export function HistoryRouterView({ router }: { router: HistoryRouter }) {
  const tree = (
    <Attach router={router}>
      <RouteTree routes={router.routes} />
    </Attach>
  );
  return router.initialPath === undefined ? (
    <BrowserRouter>{tree}</BrowserRouter>
  ) : (
    <MemoryRouter initialEntries={[router.initialPath]}>{tree}</MemoryRouter>
  );
}

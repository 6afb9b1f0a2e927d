import { useAtomValue, useStore } from 'jotai';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useConfig } from '../config/config-context';
import { isFormPage, type PageConfig } from '../../core/engine/config-types';
import { drawsWithoutApplicant } from '../screens/registry';
import { allRoutes, continueRoute, isPublicRoute, normalisePath } from '../../core/engine/flow';
import { guardRoute } from '../../core/engine/guard';
import { authTokenAtom, redirectAfterLoginAtom, userDetailsAtom } from '../state/account';
import { clearRedirected, pagesBeforeUserAtom, readRedirected } from '../state/flags';
import { Spinner } from '../ui/spinner';
import { LoadError } from './load-error';
import { useUserLoader } from './use-user-loader';

/**
 * Decides, on every navigation, whether the current route may render: normalises the path,
 * sends unknown paths to the root, sends visitors without a token to login, loads the user for a stored token (a form
 * page renders meanwhile), then applies the step guard.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { flow, pages } = useConfig();
  const token = useAtomValue(authTokenAtom);
  const user = useAtomValue(userDetailsAtom);
  const pagesBeforeUser = useAtomValue(pagesBeforeUserAtom);
  const load = useUserLoader(token, user);
  const known = useMemo(() => new Set(allRoutes(flow)), [flow]);
  const path = normalisePath(location.pathname);

  if (path !== location.pathname) return <Navigate to={{ pathname: path, search: location.search, hash: location.hash }} replace />;
  // Not found goes to the root before anything is remembered or guarded.
  if (!known.has(path)) return <Navigate to={flow.routes.root} replace />;
  if (!token) return isPublicRoute(flow, path) ? children : <ToLogin from={path + location.search} />;
  if (!user && load.error) return <LoadError message={load.error} onRetry={load.retry} />;
  // Over a prerendered page, the step's form or screen stays while the applicant loads, and stays mounted once they
  // have (what they typed meanwhile is kept: use-form-seed); the guard decides then. Screens that show the
  // applicant's own data (their status, their answers) wait for them.
  const page = pages[path];
  if (!user) return pagesBeforeUser && page && drawsBeforeApplicant(page) ? children : <Spinner />;
  if (path === flow.routes.login) return <Navigate to={continueRoute(flow, user.nextStep)} replace />;

  const rejectedSteps = Object.keys(user.rejectedSteps);
  const decision = guardRoute(flow, { path, signedIn: true, nextStep: user.nextStep, redirected: readRedirected(), rejectedSteps });
  if (decision.redirect) return <GuardRedirect to={decision.redirect} clearFlag={decision.clearRedirected === true} />;
  return children;
}

/** Remembers where a signed-out visitor was going (not the root: a fresh visitor should land on their step). */
function ToLogin({ from }: { from: string }) {
  const store = useStore();
  const navigate = useNavigate();
  const { flow } = useConfig();
  useEffect(() => {
    const path = from.split('?')[0];
    if (path !== flow.routes.root && path !== flow.routes.refresh) store.set(redirectAfterLoginAtom, from);
    void navigate(flow.routes.login, { replace: true });
  }, [from, flow, store, navigate]);
  return <Spinner />;
}

function GuardRedirect({ to, clearFlag }: { to: string; clearFlag: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (clearFlag) clearRedirected();
    void navigate(to, { replace: true });
  }, [to, clearFlag, navigate]);
  return <Spinner />;
}

/** A form, or a screen that draws its first look without the applicant's record. */
function drawsBeforeApplicant(page: PageConfig): boolean {
  return isFormPage(page) || drawsWithoutApplicant(page.screen);
}

import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { useConfig } from '../config/config-context';
import { normalisePath } from '../engine/flow';
import { isScreenName, screenRegistry } from '../screens/registry';
import { Spinner } from '../ui/spinner';

/** The resume screen stands in for routes whose own page has not landed yet: never a blank page. */
const fallbackScreen = 'resume';

/** Looks the route up in the merged pages config and renders the named screen with its copy. */
export function StepPage() {
  const { pathname } = useLocation();
  const { pages, flow } = useConfig();
  const route = normalisePath(pathname);
  const page = pages[route];
  const name = page?.screen ?? fallbackScreen;
  const copy = page?.copy ?? pages[flow.routes.root]?.copy ?? {};

  if (!isScreenName(name)) {
    // config-check reports this in CI; say the same thing here rather than render nothing.
    return (
      <p role="alert" className="onboard-config-error">
        No screen '{name}' for route {route} in flow-config/pages
      </p>
    );
  }
  const Screen = screenRegistry[name];
  return (
    <Suspense fallback={<Spinner />}>
      <Screen key={route} route={route} copy={copy} />
    </Suspense>
  );
}

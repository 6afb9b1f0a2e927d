import { lazy, Suspense } from 'react';
import { Spinner } from '../ui/spinner';

/** Where the back office lives: its own lazy chunk, outside the applicant's shell, guard and session. */
export const opsConsolePath = '/ops';

const OpsApp = lazy(() => import('../ops/ops-app'));

export function OpsRoute() {
  return (
    <Suspense fallback={<Spinner />}>
      <OpsApp />
    </Suspense>
  );
}

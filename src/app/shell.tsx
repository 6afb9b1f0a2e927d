import { Outlet } from 'react-router-dom';
import { Layout } from './layout';
import { SessionGate } from './session-gate';
import { StartupGate } from './startup-gate';

/** The root route: split layout around the start-up rules, the auth check and the step guard. */
export function Shell() {
  return (
    <Layout>
      <StartupGate>
        <SessionGate>
          <Outlet />
        </SessionGate>
      </StartupGate>
    </Layout>
  );
}

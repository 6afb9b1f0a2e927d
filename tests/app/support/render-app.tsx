import { render, screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import { AppView } from '../../../src/app/app';
import { createRuntime, type Runtime } from '../../../src/app/runtime';
import { defaultBundle } from '../../../src/config/bundle';
import type { UserDetails } from '../../../core/api/types';
import type { ConfigBundle } from '../../../core/engine/config-types';
import { FakeServer } from './fake-server';

export interface RenderAppOptions {
  path?: string;
  bundle?: ConfigBundle;
  server?: FakeServer;
  /** Signs this user in before start-up, as a stored token would after a reload. */
  signedIn?: Partial<UserDetails>;
  /** As over a prerendered page: a signed-in form page renders before GET /user answers. */
  pagesBeforeUser?: boolean;
}

export interface RenderedApp {
  runtime: Runtime;
  server: FakeServer;
  user?: UserDetails;
  /** The router's current path and query. */
  path: () => string;
}

/** The whole app in jsdom: real router, store and API client; only the network is the fake server. */
export function renderApp({ path = '/', bundle = defaultBundle, server, signedIn, pagesBeforeUser }: RenderAppOptions = {}): RenderedApp {
  const fake = server ?? new FakeServer(bundle.flow);
  let user: UserDetails | undefined;
  if (signedIn) {
    user = fake.addUser(signedIn);
    localStorage.setItem('authToken', JSON.stringify(fake.tokenFor(user)));
  }
  const runtime = createRuntime({
    bundle,
    apiAdapter: fake.adapter,
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
    ...(pagesBeforeUser ? { pagesBeforeUser } : {}),
  });
  render(<AppView runtime={runtime} />);
  const current = () => runtime.router.state.location.pathname + runtime.router.state.location.search;
  return { runtime, server: fake, ...(user ? { user } : {}), path: current };
}

/**
 * Waits for a screen's heading: lazy screens and the session check resolve asynchronously, and a screen's first
 * import in a test run (its chunk transformed on the spot) can take seconds on a busy 2-core machine.
 */
export function findHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 10_000 });
}

export function storedJson(storage: Storage, key: string): unknown {
  const raw = storage.getItem(key);
  return raw === null ? null : JSON.parse(raw);
}

/** Ticks /login's Privacy Notice box, as every applicant does before Send OTP. */
export async function acceptPrivacyNotice(user: { click: (element: Element) => Promise<void> }): Promise<void> {
  await user.click(screen.getByRole('checkbox', { name: /I have read the Privacy Notice/ }));
}

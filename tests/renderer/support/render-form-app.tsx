import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router-dom';
import type { UserDetails } from '../../../core/api/types';
import { AppView } from '../../../src/app/app';
import { createRuntime, type Runtime } from '../../../src/app/runtime';
import { defaultBundle } from '../../../src/config/bundle';
import type { ConfigBundle } from '../../../core/engine/config-types';
import { StepValidatorsProvider } from '../../../src/renderer/form/validators-context';
import { precompiledValidators, type StepValidatorSource } from '../../../src/renderer/form/validators';
import { FakeServer } from '../../app/support/fake-server';

export interface FormAppOptions {
  path: string;
  /** The signed-in applicant (a stored token, as after a reload). */
  user: Partial<UserDetails>;
  bundle?: ConfigBundle;
  /** Forms' schemas and validators; the build's precompiled ones unless a test compiled its own. */
  validators?: StepValidatorSource;
}

export interface FormApp {
  runtime: Runtime;
  server: FakeServer;
  user: UserDetails;
  path: () => string;
}

/** The whole app in jsdom, signed in, with the network answered by the fake server (as tests/app does). */
export function renderFormApp({ path, user, bundle = defaultBundle, validators = precompiledValidators }: FormAppOptions): FormApp {
  const server = new FakeServer(bundle.flow);
  const applicant = server.addUser(user);
  localStorage.setItem('authToken', JSON.stringify(server.tokenFor(applicant)));
  const runtime = createRuntime({
    bundle,
    apiAdapter: server.adapter,
    createRouter: (routes) => createMemoryRouter(routes, { initialEntries: [path] }),
  });
  render(
    <StepValidatorsProvider source={validators}>
      <AppView runtime={runtime} />
    </StepValidatorsProvider>,
  );
  return { runtime, server, user: applicant, path: () => runtime.router.state.location.pathname };
}

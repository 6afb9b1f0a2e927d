import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { errorReply } from './support/adapter';
import { FakeServer } from './support/fake-server';
import { findHeading, renderApp } from './support/render-app';

describe('step guard on navigation (signed in)', () => {
  it.each([
    ['/verify-pan', 'email_verification', '/add-email'],
    ['/change-dob', 'pan_verification', '/change-dob'],
    ['/add-email', 'pan_verification', '/verify-pan'],
    ['/', 'email_verification', '/'],
    ['/', 'completed', '/completed'],
    ['/', 'user_setup', '/completed'],
    ['/add-email', 'verification_pending', '/completed'],
    ['/completed', 're_verification', '/re-verification'],
    ['/add-nominee', 'modification', '/modification'],
    ['/refresh', 'email_verification', '/add-email'],
  ])('%s with next step %s ends on %s', async (from, nextStep, to) => {
    const app = renderApp({ path: from, signedIn: { nextStep } });
    // The page's code loads lazily: on a loaded machine that takes more than Testing Library's default second.
    await waitFor(() => expect(app.path()).toBe(to), { timeout: 10_000 });
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    expect(app.path()).toBe(to);
  });

  it("the one-shot 'redirected' flag makes the root jump to the next step once", async () => {
    localStorage.setItem('redirected', 'true');
    const app = renderApp({ path: '/', signedIn: { nextStep: 'email_verification' } });
    await findHeading('Add your Email');
    expect(app.path()).toBe('/add-email');
    expect(localStorage.getItem('redirected')).toBeNull();
  });

  it("a 400 'please complete previous steps' shows 'Page out of sync, please retry' and goes through /refresh to the next step", async () => {
    const server = new FakeServer(defaultBundle.flow).on('POST /user/add-email', () =>
      errorReply(400, 'please complete previous steps'),
    );
    const app = renderApp({ path: '/add-email', server, signedIn: { nextStep: 'email_verification' } });
    await findHeading('Add your Email');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'me@example.in');
    // Meanwhile the server moved on (e.g. another tab finished the step).
    app.user!.nextStep = 'pan_verification';
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Page out of sync, please retry')).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe('/verify-pan'));
    expect(server.calls('GET /user').length).toBeGreaterThanOrEqual(2);
    expect(localStorage.getItem('redirected')).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cookieDomains } from '../../src/state/cookies';
import { defaultBundle } from '../../src/config/bundle';
import { errorReply } from './support/adapter';
import { FakeServer } from './support/fake-server';
import { findHeading, renderApp } from './support/render-app';

describe('logout', () => {
  it.each([
    ['the server confirms', undefined],
    ['the logout URL fails with 500', 500],
  ])('clears storage, the session cookies and goes to /login when %s', async (_case, failWith) => {
    const server = new FakeServer(defaultBundle.flow);
    if (failWith) server.on('POST /logout', () => errorReply(failWith, 'boom'));
    sessionStorage.setItem('verifyToken', JSON.stringify('v-1'));
    localStorage.setItem('somethingElse', '1');
    document.cookie = 'session=abc; path=/';
    document.cookie = 'token=def; path=/';
    document.cookie = 'disclaimer=yes; path=/';
    document.cookie = 'keep=me; path=/';
    const app = renderApp({ path: '/', server, signedIn: { nextStep: 'aadhaar_verification' } });
    await findHeading('Resume your Application');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await findHeading('Open your Trading Account');
    expect(app.path()).toBe('/login');
    expect(server.calls('POST /logout')).toHaveLength(1);
    expect(server.calls('POST /logout')[0]?.headers['x-access-token']).toBe(`auth-${app.user!.phone}`);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe('keep=me');
  });

  it('after logout protected routes need a new sign-in', async () => {
    const app = renderApp({ path: '/', signedIn: { nextStep: 'aadhaar_verification' } });
    await findHeading('Resume your Application');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    await findHeading('Open your Trading Account');
    await app.runtime.router.navigate('/add-email');
    await waitFor(() => expect(app.path()).toBe('/login'));
  });

  it.each([
    ['localhost', [null]],
    ['127.0.0.1', [null]],
    ['app.onboard.example', [null, '.app.onboard.example', '.onboard.example']],
  ])('cookies on %s are cleared for %j', (host, domains) => {
    expect(cookieDomains(host)).toEqual(domains);
  });
});

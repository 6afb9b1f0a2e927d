import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorReply } from './support/adapter';
import { defaultBundle } from '../../src/config/bundle';
import type { UserDetails } from '../../core/api/types';
import { mergePages } from '../../core/engine/config-types';
import { FakeServer, MOBILE_OTP } from './support/fake-server';
import { findHeading, renderApp, storedJson, acceptPrivacyNotice } from './support/render-app';

async function signInThroughScreens(phone = '9876543210') {
  const user = userEvent.setup();
  await findHeading('Open your Trading Account');
  await user.type(screen.getByLabelText('Mobile Number'), phone);
  await acceptPrivacyNotice(user);
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await findHeading('Verify your Mobile Number');
  await user.type(screen.getByLabelText('Digit 1 of 4'), MOBILE_OTP);
}

/** A signed-in applicant (token stored) whose GET /user waits until `release()`: a page drawn before it answers. */
function signedInWhileUserWaits(details: Partial<UserDetails>) {
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const server = new FakeServer(defaultBundle.flow);
  const user = server.addUser(details);
  server.on('GET /user', async () => {
    await gate;
    return { status: 200, body: { user } };
  });
  localStorage.setItem('authToken', JSON.stringify(server.tokenFor(user)));
  return { server, user, release: () => release() };
}

describe('auth redirects', () => {
  it('a visitor without a token is sent to /login and, after signing in, back to the path they asked for', async () => {
    const app = renderApp({ path: '/verify-pan' });
    await findHeading('Open your Trading Account');
    expect(app.path()).toBe('/login');
    expect(storedJson(sessionStorage, 'redirectAfterLogin')).toBe('/verify-pan');

    app.server.addUser({ nextStep: 'pan_verification', currentStep: 'email_verification' });
    await signInThroughScreens();
    await waitFor(() => expect(app.path()).toBe('/verify-pan'));
    expect(storedJson(sessionStorage, 'redirectAfterLogin')).toBeNull();
  });

  it('the re-KYC page belongs to no step: a signed-out visitor signs in and comes back to it, whatever their step', async () => {
    const app = renderApp({ path: '/rekyc/income-proof/upload' });
    await findHeading('Open your Trading Account');
    expect(app.path()).toBe('/login');
    expect(storedJson(sessionStorage, 'redirectAfterLogin')).toBe('/rekyc/income-proof/upload');

    app.server.addUser({ nextStep: 'bank_details', currentStep: 'personal_details' });
    await signInThroughScreens();
    await findHeading('Update your Income Declaration');
    expect(app.path()).toBe('/rekyc/income-proof/upload');
  });

  it('the root path is not remembered, so a fresh sign-in lands on the next step', async () => {
    const app = renderApp({ path: '/' });
    await findHeading('Open your Trading Account');
    expect(storedJson(sessionStorage, 'redirectAfterLogin')).toBeNull();
    await signInThroughScreens('9123456789');
    // A new number is signed up automatically; its next step is email verification.
    await findHeading('Add your Email');
    expect(app.path()).toBe('/add-email');
  });

  it('a signed-in user visiting /login is sent to the continue route', async () => {
    const app = renderApp({ path: '/login', signedIn: { nextStep: 'email_verification' } });
    await findHeading('Add your Email');
    expect(app.path()).toBe('/add-email');
  });

  it('a stored token is checked with GET /user behind a spinner, never a blank page', async () => {
    const { server, release } = signedInWhileUserWaits({ nextStep: 'aadhaar_verification' });
    renderApp({ path: '/', server });
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    release();
    await findHeading('Resume your Application');
  });

  it.each([
    ['the step it opened', 'pan_verification', '/verify-pan', 'Verify your PAN'],
    ['the guard corrects it afterwards', 'email_verification', '/add-email', 'Add your Email'],
  ])("over a prerendered page, a step's form paints before GET /user answers; %s", async (_case, nextStep, to, heading) => {
    const { server, release } = signedInWhileUserWaits({ nextStep });
    const app = renderApp({ path: '/verify-pan', server, pagesBeforeUser: true });
    await findHeading('Verify your PAN');
    expect(await screen.findByRole('textbox', { name: 'PAN Number' })).toBeTruthy();
    expect(server.calls('GET /user')).toHaveLength(1);
    release();
    await waitFor(() => expect(app.path()).toBe(to));
    await findHeading(heading);
  });

  it.each([
    ['/kyc-verification', 'aadhaar_verification'],
    ['/link-bank-account', 'bank_details'],
  ])("over a prerendered page, %s draws before GET /user answers, and calls the API only once it has", async (route, nextStep) => {
    const heading = mergePages(defaultBundle)[route]?.copy.title ?? '';
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = new FakeServer(defaultBundle.flow);
    const user = server.addUser({ nextStep });
    server.on('GET /user', async () => {
      await gate;
      return { status: 200, body: { user } };
    });
    server.on('GET /user/rpd-verification', () => ({ status: 200, body: { recommended: 'rpd' } }));
    localStorage.setItem('authToken', JSON.stringify(server.tokenFor(user)));
    const app = renderApp({ path: route, server, pagesBeforeUser: true });
    await findHeading(heading);
    expect(server.calls('GET /user/rpd-verification')).toHaveLength(0);
    release();
    await waitFor(() => expect(server.calls('GET /user')).toHaveLength(1));
    await findHeading(heading);
    expect(app.path()).toBe(route);
    if (route === '/link-bank-account') await waitFor(() => expect(server.calls('GET /user/rpd-verification')).toHaveLength(1));
  });

  it("over a prerendered page, /completed draws its stages and policies at once, and the applicant's own stage once they have loaded", async () => {
    const { server, release } = signedInWhileUserWaits({ nextStep: 'verified' });
    renderApp({ path: '/completed', server, pagesBeforeUser: true });
    await waitFor(() => expect(server.calls('GET /user')).toHaveLength(1));
    const stages = () => [...document.querySelectorAll('.status-stage')].map((stage) => stage.getAttribute('data-state'));
    // No stage is claimed before the record says which: no heading, no stage under way; the place of the heading is busy.
    expect(await screen.findByRole('navigation', { name: "Your Account's Terms and Policies" })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(stages()).toEqual(['inactive', 'inactive', 'inactive']);
    expect(screen.getByRole('status', { name: 'Loading' }).getAttribute('aria-busy')).toBe('true');
    release();
    await findHeading(defaultBundle.flow.completedStages.approved?.title ?? '');
    expect(stages()).toEqual(['completed', 'completed', 'progress']);
    expect(screen.queryByRole('status', { name: 'Loading' })).toBeNull();
  });

  /** /verify-pan drawn over a prerendered page while GET /user waits for `release`. */
  function heldApplicant(overrides: Partial<UserDetails>) {
    const { server, release } = signedInWhileUserWaits({ nextStep: 'pan_verification', name: 'SNEHA SHARMA', ...overrides });
    return { app: renderApp({ path: '/verify-pan', server, pagesBeforeUser: true }), release };
  }

  it('what the applicant typed before GET /user answered stays once it has, focus and all', async () => {
    const { app, release } = heldApplicant({ pan: 'ABCPE1234F' });
    const typist = userEvent.setup();
    await typist.type(await screen.findByRole('textbox', { name: 'PAN Number' }), 'bnzpm2501g');
    release();
    await screen.findByText('Welcome, SNEHA SHARMA');
    const pan = screen.getByRole('textbox', { name: 'PAN Number' });
    expect((pan as HTMLInputElement).value).toBe('BNZPM2501G');
    expect(document.activeElement).toBe(pan);
    expect(app.path()).toBe('/verify-pan');
  });

  it('a form the record has nothing for stays the same form once GET /user answers (not painted twice)', async () => {
    const { release } = heldApplicant({ pan: null });
    const before = await screen.findByRole('textbox', { name: 'PAN Number' });
    release();
    await screen.findByText('Welcome, SNEHA SHARMA');
    expect(screen.getByRole('textbox', { name: 'PAN Number' })).toBe(before);
  });

  it('a form untouched while GET /user was unanswered starts over with what the record already holds', async () => {
    const { release } = heldApplicant({ pan: 'ABCPE1234F' });
    expect(((await screen.findByRole('textbox', { name: 'PAN Number' })) as HTMLInputElement).value).toBe('');
    release();
    await screen.findByText('Welcome, SNEHA SHARMA');
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'PAN Number' }) as HTMLInputElement).value).toBe('ABCPE1234F'));
  });

  it("a paged form drawn before GET /user answered resumes the applicant's stored progress once it has, and keeps it stored", async () => {
    const { server, user, release } = signedInWhileUserWaits({ nextStep: 'personal_details', name: 'SNEHA SHARMA' });
    const stored = JSON.stringify({ page: 2, returnTo: null, data: { gender: 'Female', maritalStatus: 'Married' } });
    localStorage.setItem(`progress:/personal-details:${user.id}`, stored);
    renderApp({ path: '/personal-details', server, pagesBeforeUser: true });
    await findHeading('What is your gender?');
    release();
    await findHeading('What is your occupation?');
    expect(JSON.parse(localStorage.getItem(`progress:/personal-details:${user.id}`) ?? '{}')).toMatchObject({ page: 2, data: { gender: 'Female', maritalStatus: 'Married' } });
    expect(localStorage.getItem('progress:/personal-details:anonymous')).toBeNull();
  });

  it('a stored token the server rejects (401) is cleared and the login screen shown', async () => {
    const server = new FakeServer(defaultBundle.flow).on('GET /user', () => errorReply(401, 'unauthorized'));
    const app = renderApp({ path: '/add-email', server, signedIn: { nextStep: 'email_verification' } });
    await findHeading('Open your Trading Account');
    expect(app.path()).toBe('/login');
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('a server that does not answer shows the message and a retry', async () => {
    const server = new FakeServer(defaultBundle.flow).on('GET /user', () => ({ fail: 'network' }));
    const app = renderApp({ path: '/', server, signedIn: { nextStep: 'aadhaar_verification' } });
    expect(await screen.findByText('Server timed out')).toBeTruthy();
    app.server.on('GET /user', () => ({ status: 200, body: { user: app.user } }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await findHeading('Resume your Application');
  });

  it.each([
    ['/add-email/', '/add-email'],
    ['/no-such-page', '/'],
  ])('%s ends on %s', async (from, to) => {
    const app = renderApp({ path: from, signedIn: { nextStep: 'email_verification' } });
    await waitFor(() => expect(app.path()).toBe(to));
  });
});

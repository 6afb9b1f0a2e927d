import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ApplicationsOnNumber } from '../../core/api/types';
import { defaultBundle } from '../../src/config/bundle';
import { errorReply } from '../app/support/adapter';
import { FakeServer, MOBILE_OTP, makeUser } from '../app/support/fake-server';
import { findHeading, renderApp, storedJson } from '../app/support/render-app';

/**
 * Issue 30, family members sharing one mobile number: a number holding several applications asks whose to continue
 * after the OTP; /applications (also in the footer) continues any of them, or opens one for a family member who
 * declares whose number it is.
 */

const phone = '9876543210';
const relations = [
  { relation: 'spouse', label: 'My spouse' },
  { relation: 'dependent_child', label: 'My dependent child' },
  { relation: 'dependent_parent', label: 'My dependent parent' },
];
const listed: ApplicationsOnNumber = {
  applications: [
    { id: 'holder', name: 'RAVI KUMAR', relationLabel: null, openedAt: '2026-11-20T06:30:00.000Z', nextStepTitle: 'PAN Verification', submitted: false, current: true },
    { id: 'parent', name: null, relationLabel: 'My dependent child', openedAt: '2026-11-27T20:00:00.000Z', nextStepTitle: 'Email Verification', submitted: false, current: false },
  ],
  relations,
};
const signedInAs = (nextStep: string, id: string) => ({ status: 200, body: { user: makeUser({ id, phone, nextStep }), token: `auth-${id}` } });

describe('/applications', () => {
  it('signing in with a number that holds several asks whose application to continue, then continues the chosen one', async () => {
    const server = new FakeServer(defaultBundle.flow);
    const holder = server.addUser({ phone, nextStep: 'pan_verification' });
    server.on('POST /verify/mobile-otp', () => ({ status: 200, body: { user: holder, token: server.tokenFor(holder), applicationsOnNumber: 2 } }));
    server.on('GET /applications', () => ({ status: 200, body: listed }));
    server.on('POST /applications/switch', () => signedInAs('email_verification', 'parent'));
    sessionStorage.setItem('verifyToken', JSON.stringify(`verify-${phone}`));
    localStorage.setItem('mobileNumber', JSON.stringify(phone));
    const app = renderApp({ path: '/verify-otp', server });
    await findHeading('Verify your Mobile Number');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Digit 1 of 4'), MOBILE_OTP);

    await findHeading('Applications on This Mobile Number');
    expect(app.path()).toBe('/applications');
    const cards = within(screen.getByRole('list', { name: 'Applications on this number' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'RAVI KUMARYour own numberOpened on 20/11/2026Next: PAN VerificationOpen nowContinue',
      // Opened at 01:30 IST on the 28th: the date is India's.
      'Name not yet givenNumber declared as: My dependent childOpened on 28/11/2026Next: Email VerificationContinue',
    ]);
    await user.click(within(cards[1]!).getByRole('button', { name: 'Continue' }));
    await findHeading('Add your Email');
    expect(server.calls('POST /applications/switch').map((call) => call.body)).toEqual([{ applicationId: 'parent' }]);
    expect(storedJson(localStorage, 'authToken')).toBe('auth-parent');
  });

  it('opens an application for a family member from the footer, once they say whose number it is', async () => {
    const app = renderApp({ path: '/verify-pan', signedIn: { phone, nextStep: 'pan_verification' } });
    app.server.on('GET /applications', () => ({ status: 200, body: { applications: [listed.applications[0]], relations } }));
    app.server.on('POST /applications/family', () => signedInAs('email_verification', 'spouse'));
    await findHeading('Verify your PAN');
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: 'Terms, privacy and help' })).getByRole('link', { name: 'Family on this number' }));
    await findHeading('Applications on This Mobile Number');

    await user.click(screen.getByRole('button', { name: 'Declare and Open Application' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose whose mobile number this is');
    expect(app.server.calls('POST /applications/family')).toEqual([]);

    const group = screen.getByRole('group', { name: 'Whose mobile number is this?' });
    expect(within(group).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, false, false]);
    await user.click(within(group).getByRole('radio', { name: 'My spouse' }));
    await user.click(screen.getByRole('button', { name: 'Declare and Open Application' }));
    await findHeading('Add your Email');
    expect(app.server.calls('POST /applications/family').map((call) => call.body)).toEqual([{ relation: 'spouse' }]);
    expect(app.path()).toBe('/add-email');
  });

  it('a list that would not load says so and loads again', async () => {
    const app = renderApp({ path: '/applications', signedIn: { phone, nextStep: 'pan_verification' } });
    let fail = true;
    app.server.on('GET /applications', () => (fail ? errorReply(503, 'server busy, please try again') : { status: 200, body: listed }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The server is busy, please try again')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await findHeading('Applications on This Mobile Number');
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Continue' })).toHaveLength(2));
  });
});

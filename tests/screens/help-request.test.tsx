import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findHeading, renderApp } from '../app/support/render-app';

/** Issue 30: "Need help?" in every page's footer leads to /help, a request the back office sees with the page it came from. */
describe('Need help?', () => {
  it('from /add-email, signed in: when to call, then the request names the page; back to the application', async () => {
    const app = renderApp({ path: '/add-email', signedIn: { nextStep: 'email_verification' } });
    app.server.on('POST /help-requests', () => ({ status: 200, body: { message: 'Thank you. We will contact you at the time you chose.' } }));
    await findHeading('Add your Email');
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('navigation', { name: 'Terms, privacy and help' })).getByRole('link', { name: 'Need help?' }));
    await findHeading('Ask Us for Help');
    // Signed in: the applicant's own number is used, none is asked.
    expect(screen.queryByLabelText('Mobile number we should call')).toBeNull();
    expect(screen.getByText('We will know you asked from: /add-email')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Afternoon, 12 noon to 4 pm' }));
    await user.type(screen.getByLabelText('What do you need help with? (optional)'), 'The screen reader skips the button');
    await user.click(screen.getByRole('button', { name: 'Ask for Help' }));
    expect((await screen.findByRole('status')).textContent).toBe('Thank you. We will contact you at the time you chose.');
    expect(app.server.calls('POST /help-requests').map((call) => call.body)).toEqual([
      { route: '/add-email', contactTime: 'afternoon', message: 'The screen reader skips the button' },
    ]);
    await user.click(screen.getByRole('link', { name: 'Back to my Application' }));
    await findHeading('Add your Email');
  });

  it('signed out, on /login: the number to call is asked', async () => {
    const app = renderApp({ path: '/help?from=/login' });
    app.server.on('POST /help-requests', () => ({ status: 200, body: { message: 'Thank you. We will contact you at the time you chose.' } }));
    await findHeading('Ask Us for Help');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Mobile number we should call'), '98765x43210');
    await user.click(screen.getByRole('radio', { name: 'Morning, 9 am to 12 noon' }));
    await user.click(screen.getByRole('button', { name: 'Ask for Help' }));
    await screen.findByRole('status');
    expect(app.server.calls('POST /help-requests').map((call) => call.body)).toEqual([{ route: '/login', contactTime: 'morning', phone: '9876543210' }]);
  });
});

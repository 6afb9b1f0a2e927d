import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { errorReply } from '../app/support/adapter';
import { EMAIL_OTP, FakeServer } from '../app/support/fake-server';
import { findHeading, renderApp, storedJson } from '../app/support/render-app';
import { messageText } from '../../core/engine/message-codes';

const signedIn = { nextStep: 'email_verification' };
const digits = () => [1, 2, 3, 4].map((n) => screen.getByLabelText<HTMLInputElement>(`Digit ${n} of 4`));

function seedOtpSent(email = 'me@example.in') {
  sessionStorage.setItem('emailState', JSON.stringify({ email, isOtpSent: true, isOtpResent: false }));
}

describe('/add-email', () => {
  it.each(['plainaddress', 'me@example', 'me @example.in'])("%j shows 'Enter valid Email Id' and sends nothing", async (typed) => {
    const app = renderApp({ path: '/add-email', signedIn });
    await findHeading('Add your Email');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), typed);
    expect(screen.queryByText('Enter valid Email Id')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Send OTP/ }));
    expect(screen.getByText('Enter valid Email Id')).toBeTruthy();
    expect(app.server.calls('POST /user/add-email')).toHaveLength(0);
  });

  it('shows the message on leaving the field too, and Send OTP waits for an address', async () => {
    renderApp({ path: '/add-email', signedIn });
    await findHeading('Add your Email');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: /Send OTP/ }).disabled).toBe(true);
    const input = screen.getByLabelText('Email');
    await userEvent.setup().type(input, 'nope');
    fireEvent.blur(input);
    expect(screen.getByText('Enter valid Email Id')).toBeTruthy();
  });

  it('a valid address is sent and the OTP screen follows', async () => {
    const app = renderApp({ path: '/add-email', signedIn });
    await findHeading('Add your Email');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), ' me@example.in ');
    await user.click(screen.getByRole('button', { name: /Send OTP/ }));
    await findHeading('Verify your Email');
    expect(app.path()).toBe('/verify-email');
    expect(app.server.calls('POST /user/add-email')[0]?.body).toEqual({ email: 'me@example.in' });
    expect(screen.getByText('Enter the 4 digit OTP sent to me@example.in')).toBeTruthy();
  });

  it('an email another application verified: the refusal, then whose it is, declared and sent again (one email per client)', async () => {
    const app = renderApp({ path: '/add-email', signedIn });
    const inUse = messageText(defaultBundle.messages, 'regulation.emailInUse');
    app.server.on('POST /user/add-email', (request) =>
      request.body.familyRelation ? { status: 200, body: { message: 'Successfully sent OTP!' } } : errorReply(409, inUse),
    );
    await findHeading('Add your Email');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'family@example.in');
    await user.click(screen.getByRole('button', { name: /Send OTP/ }));
    const group = await screen.findByRole('group', { name: 'Whose email is this?' });
    expect(group.textContent).toContain(inUse);
    const send = screen.getByRole<HTMLButtonElement>('button', { name: /Declare and send OTP/ });
    expect(send.disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'My dependent parent' }));
    await user.click(send);
    await findHeading('Verify your Email');
    expect(app.server.calls('POST /user/add-email').map((call) => call.body)).toEqual([
      { email: 'family@example.in' },
      { email: 'family@example.in', familyRelation: 'dependent_parent' },
    ]);
  });
});

describe('/verify-email', () => {
  it('without an OTP sent it goes to /add-email', async () => {
    const app = renderApp({ path: '/verify-email', signedIn });
    await findHeading('Add your Email');
    expect(app.path()).toBe('/add-email');
  });

  it('submits by itself at 4 digits, toasts and goes to /verify-pan', async () => {
    seedOtpSent();
    const app = renderApp({ path: '/verify-email', signedIn });
    await findHeading('Verify your Email');
    expect(screen.queryByRole('button', { name: /Verify/ })).toBeNull();
    await userEvent.setup().type(digits()[0]!, EMAIL_OTP);
    expect(await screen.findByText('Email Verified Successfully!')).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe('/verify-pan'));
    expect(app.server.calls('POST /user/verify-email')[0]?.body).toEqual({ email: 'me@example.in', otp: EMAIL_OTP });
    expect(storedJson(sessionStorage, 'emailState')).toBeNull();
  });

  it("'max attempts reached' reads 'OTP has expired. Please request for a new OTP' and clears the code", async () => {
    seedOtpSent();
    const server = new FakeServer(defaultBundle.flow).on('POST /user/verify-email', () => errorReply(400, 'max attempts reached'));
    renderApp({ path: '/verify-email', server, signedIn });
    await findHeading('Verify your Email');
    await userEvent.setup().type(digits()[0]!, '1111');
    await waitFor(() => expect(screen.getByTestId('otp-error').textContent).toBe('OTP has expired. Please request for a new OTP'));
    expect(digits().map((box) => box.value)).toEqual(['', '', '', '']);
  });

  it("resend after the timer toasts 'OTP resent successfully!'", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    seedOtpSent();
    const app = renderApp({ path: '/verify-email', signedIn });
    await findHeading('Verify your Email');
    act(() => vi.advanceTimersByTime(30_000));
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('OTP resent successfully!')).toBeTruthy();
    expect(app.server.calls('POST /user/resend-email-otp')[0]?.body).toEqual({ email: 'me@example.in' });
  });

  it('Change email returns to /add-email with the address kept', async () => {
    seedOtpSent('keep@example.in');
    const app = renderApp({ path: '/verify-email', signedIn });
    await findHeading('Verify your Email');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change email' }));
    await findHeading('Add your Email');
    expect(app.path()).toBe('/add-email');
    expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('keep@example.in');
  });
});

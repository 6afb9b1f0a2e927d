import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { errorReply } from '../app/support/adapter';
import { FakeServer, MOBILE_OTP } from '../app/support/fake-server';
import { findHeading, renderApp, storedJson } from '../app/support/render-app';

const phone = '9876543210';
const digits = () => [1, 2, 3, 4].map((n) => screen.getByLabelText<HTMLInputElement>(`Digit ${n} of 4`));

async function openOtp(server = new FakeServer(defaultBundle.flow), nextStep = 'email_verification') {
  server.addUser({ phone, nextStep });
  sessionStorage.setItem('verifyToken', JSON.stringify(`verify-${phone}`));
  localStorage.setItem('mobileNumber', JSON.stringify(phone));
  const app = renderApp({ path: '/verify-otp', server });
  await findHeading('Verify your Mobile Number');
  return { app, server, user: userEvent.setup() };
}

describe('/verify-otp', () => {
  it('without a verify token it goes back to /login', async () => {
    const app = renderApp({ path: '/verify-otp' });
    await findHeading('Open your Trading Account');
    expect(app.path()).toBe('/login');
  });

  it('submits when the code is complete, signs in and goes to the continue route', async () => {
    const { app, server, user } = await openOtp();
    expect(screen.getByText(`Enter the 4 digit OTP sent to +91 ${phone}`)).toBeTruthy();
    await user.type(digits()[0]!, MOBILE_OTP);
    expect(await screen.findByText('Log in Successful!')).toBeTruthy();
    await findHeading('Add your Email');
    expect(app.path()).toBe('/add-email');
    const [call] = server.calls('POST /verify/mobile-otp');
    expect(call?.body).toEqual({ otp: MOBILE_OTP, phone });
    expect(call?.headers['x-verify-token']).toBe(`verify-${phone}`);
    expect(storedJson(localStorage, 'authToken')).toBe(`auth-${phone}`);
    expect(storedJson(sessionStorage, 'verifyToken')).toBeNull();
  });

  it('goes to the remembered path when there is one', async () => {
    sessionStorage.setItem('redirectAfterLogin', JSON.stringify('/change-dob'));
    const { app, user } = await openOtp(undefined, 'pan_verification');
    await user.type(digits()[0]!, MOBILE_OTP);
    // The continue route would be /verify-pan; the remembered route of the same step wins.
    await waitFor(() => expect(app.path()).toBe('/change-dob'));
    await findHeading('Change your Date of Birth');
  });

  it.each([
    ['invalid otp', 'Invalid OTP, please try again'],
    ['max attempts reached', 'OTP has expired. Please request for a new OTP'],
    ['otp expired', 'OTP has expired. Please request for a new OTP'],
  ])("'%s' shows %j under the input and clears the code", async (serverMessage, shown) => {
    const server = new FakeServer(defaultBundle.flow).on('POST /verify/mobile-otp', () => errorReply(400, serverMessage));
    const { app, user } = await openOtp(server);
    await user.type(digits()[0]!, '9999');
    await waitFor(() => expect(screen.getByTestId('otp-error').textContent).toBe(shown));
    expect(digits().map((box) => box.value)).toEqual(['', '', '', '']);
    await waitFor(() => expect(document.activeElement).toBe(digits()[0]));
    expect(app.path()).toBe('/verify-otp');
  });

  it('offers Resend OTP after 30 seconds, then restarts the timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { server } = await openOtp();
    expect(screen.getByText('Resend OTP in 30s')).toBeTruthy();
    act(() => vi.advanceTimersByTime(29_000));
    expect(screen.getByText('Resend OTP in 1s')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();
    act(() => vi.advanceTimersByTime(1_000));
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Successfully resent OTP!')).toBeTruthy();
    expect(server.calls('POST /resend-mobile-otp')[0]?.body).toEqual({ phone });
    expect(await screen.findByText('Resend OTP in 30s')).toBeTruthy();
  });

  it("a resend that is too early shows 'Please wait for some time before requesting again'", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const server = new FakeServer(defaultBundle.flow).on('POST /resend-mobile-otp', () => errorReply(429, 'request too early'));
    await openOtp(server);
    act(() => vi.advanceTimersByTime(30_000));
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(await screen.findByText('Please wait for some time before requesting again')).toBeTruthy();
  });

  it('Change number goes back to /login', async () => {
    const { app, user } = await openOtp();
    await user.click(screen.getByRole('button', { name: 'Change number' }));
    await findHeading('Open your Trading Account');
    expect(app.path()).toBe('/login');
  });
});

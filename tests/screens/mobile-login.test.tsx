import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { errorReply } from '../app/support/adapter';
import { FakeServer } from '../app/support/fake-server';
import { findHeading, renderApp, storedJson, acceptPrivacyNotice } from '../app/support/render-app';

const invalidText = 'Mobile number is not valid';

async function openLogin(server?: FakeServer) {
  const app = renderApp({ path: '/login', ...(server ? { server } : {}) });
  await findHeading('Open your Trading Account');
  const input = screen.getByLabelText<HTMLInputElement>('Mobile Number');
  // A loading icon leaving by animation stays in jsdom's tree, so match the label loosely.
  const send = () => screen.getByRole<HTMLButtonElement>('button', { name: /Send OTP/ });
  return { app, input, send, user: userEvent.setup() };
}

describe('/login validation (spec 5)', () => {
  it.each([
    ['5', '5', true, true],
    ['1234567890', '1234567890', true, true],
    ['98765', '98765', false, true],
    ['987654321', '987654321', false, true],
    ['9876543210', '9876543210', false, false],
    ['6000000000', '6000000000', false, false],
    ['98a76-54 32109', '9876543210', false, false],
    ['98765432101234', '9876543210', false, false],
  ])('typing %j keeps %j; error shown: %s; Send OTP disabled: %s', async (typed, kept, error, disabled) => {
    const { input, send, user } = await openLogin();
    await user.type(input, typed);
    expect(input.value).toBe(kept);
    expect(screen.queryByText(invalidText) !== null).toBe(error);
    expect(send().disabled).toBe(disabled);
  });

  it('shows the +91 prefix and the terms link', async () => {
    await openLogin();
    expect(screen.getByText('+91')).toBeTruthy();
    const terms = screen.getByRole<HTMLAnchorElement>('link', { name: 'Terms & Conditions' });
    expect(terms.href).toBe(defaultBundle.messages.links.terms);
  });
});

describe('/login sending the OTP', () => {
  it('an existing number logs in, stores the verify token and number, toasts and goes to /verify-otp', async () => {
    const server = new FakeServer(defaultBundle.flow);
    server.addUser({ phone: '9876543210' });
    const { app, input, send, user } = await openLogin(server);
    await user.type(input, '9876543210');
    await acceptPrivacyNotice(user);
    await user.click(send());
    expect(await screen.findByText('Successfully sent OTP!')).toBeTruthy();
    await findHeading('Verify your Mobile Number');
    expect(app.path()).toBe('/verify-otp');
    expect(server.calls('POST /signup')).toHaveLength(0);
    expect(storedJson(sessionStorage, 'verifyToken')).toBe('verify-9876543210');
    expect(storedJson(localStorage, 'mobileNumber')).toBe('9876543210');
  });

  it("'mobile number not registered' signs the number up automatically", async () => {
    const { app, input, send, user } = await openLogin();
    await user.type(input, '9123456789');
    await acceptPrivacyNotice(user);
    await user.click(send());
    await findHeading('Verify your Mobile Number');
    expect(app.server.requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /login', 'POST /signup']);
    expect(app.server.calls('POST /signup')[0]?.body).toEqual({ phone: '9123456789' });
    expect(screen.getByText('Enter the 4 digit OTP sent to +91 9123456789')).toBeTruthy();
  });

  it('other errors show as a red toast and the applicant stays', async () => {
    const server = new FakeServer(defaultBundle.flow).on('POST /login', () => errorReply(429, 'too many requests'));
    const { app, input, send, user } = await openLogin(server);
    await user.type(input, '9876543210');
    await acceptPrivacyNotice(user);
    await user.click(send());
    expect(await screen.findByText('Too many attempts, please try again later')).toBeTruthy();
    expect(app.path()).toBe('/login');
    await waitFor(() => expect(send().disabled).toBe(false));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply } from '../app/support/adapter';
import { FakeServer } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';
import { defaultBundle } from '../../src/config/bundle';
import { fakeDigio, slow, verifyAnswers } from './support/identity-fakes';

const signedIn = { nextStep: 'aadhaar_verification', currentStep: 'pan_verification' };
const afterKyc = { ...signedIn, currentStep: 'aadhaar_verification', nextStep: 'pan_image_upload' };

function open() {
  const server = new FakeServer(defaultBundle.flow);
  const fake = fakeDigio(server, 'kyc');
  verifyAnswers(server, 'kyc', fake, afterKyc, 'KYC details verified successfully!');
  const app = renderApp({ path: '/kyc-verification', server, signedIn });
  return { ...app, fake, user: userEvent.setup() };
}

const begin = () => screen.getByRole('button', { name: /Begin Verification/ });

describe('/kyc-verification', () => {
  afterEach(() => {
    delete window.Digio;
  });

  it('shows the portal intro, the checklist, the phone note and the time it takes', async () => {
    open();
    await findHeading('KYC Verification');
    expect(screen.getByText(/DigiLocker, the Government of India's document portal/)).toBeTruthy();
    const list = within(screen.getByRole('region', { name: 'Keep These Ready' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Your 12-digit Aadhaar number',
      'The mobile phone linked to your Aadhaar, for the OTP',
      'Your Aadhaar security PIN',
    ]);
    expect(screen.getByText(/Keep the phone handy/)).toBeTruthy();
    expect(screen.getByText('Process takes 2-3 minutes')).toBeTruthy();
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    // The SDK is already loaded: no second script.
    expect(document.querySelector('script[src*="digio"]')).toBeNull();
  });

  it("init() inside the click, submit(requestId, identifier, token) after the credentials, then Digio's callback verified: toast and the next step", async () => {
    const { user, server, fake, path } = open();
    await findHeading('KYC Verification');
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    await user.click(begin());
    // Synchronously in the click, before any request: the browser allows Digio's window only then.
    expect(fake.calls).toEqual(['new sandbox', 'init']);
    expect(server.calls('POST /user/initiate-workflow/kyc')).toHaveLength(0);
    expect(fake.options[0]?.is_iframe).toBe(true);
    await fake.answer('approve');
    expect(fake.calls).toEqual(['new sandbox', 'init', 'submit KID1 me@example.in GWT-KID1']);
    expect(await screen.findByText('KYC details verified successfully!', {}, slow)).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/pan-image-upload'), slow);
    expect(server.calls('POST /user/verify-workflow/kyc').map((call) => call.body)).toEqual([{ requestId: 'KID1' }]);
  });

  it("Cancel in the SDK: its own message in red, nothing verified, the page stays; a second try gets a fresh request", async () => {
    const { user, server, fake, path } = open();
    await findHeading('KYC Verification');
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    await user.click(begin());
    await fake.answer('cancel');
    expect(await screen.findByText('KYC Process Cancelled')).toBeTruthy();
    expect(server.calls('POST /user/verify-workflow/kyc')).toHaveLength(0);
    expect(path()).toBe('/kyc-verification');

    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    await user.click(begin());
    await fake.answer('approve');
    expect(await screen.findByText('KYC details verified successfully!', {}, slow)).toBeTruthy();
    expect(fake.issued).toEqual(['KID1', 'KID2']);
  });

  it('a failed credentials call closes the SDK (cancel) and shows the server message', async () => {
    const { user, server, fake } = open();
    server.on('POST /user/initiate-workflow/kyc', () => errorReply(503, 'Verification service is unavailable, please try again'));
    await findHeading('KYC Verification');
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    await user.click(begin());
    expect(await screen.findByText('Verification service is unavailable, please try again', {}, slow)).toBeTruthy();
    expect(fake.calls).toEqual(['new sandbox', 'init', 'cancel']);
  });

  it("a verify the server refuses shows the server's words and keeps the applicant here", async () => {
    const { user, server, fake, path } = open();
    server.on('POST /user/verify-workflow/kyc', () => errorReply(409, 'Verification is not complete yet, please finish it in the widget'));
    await findHeading('KYC Verification');
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    await user.click(begin());
    await fake.answer('approve');
    expect(await screen.findByText('Verification is not complete yet, please finish it in the widget', {}, slow)).toBeTruthy();
    expect(path()).toBe('/kyc-verification');
  });

  it("Digio's production SDK: the script the server names is added (only then); a script that fails to load says so", async () => {
    const { server } = open();
    delete window.Digio;
    server.on('GET /identity/widget', () => ({ status: 200, body: { sdkUrl: 'https://app.digio.in/sdk/v11/digio.js', environment: 'production' } }));
    await findHeading('KYC Verification');
    const script = await waitFor(() => {
      const found = document.querySelector<HTMLScriptElement>('script[src="https://app.digio.in/sdk/v11/digio.js"]');
      if (!found) throw new Error('no Digio script yet');
      return found;
    });
    script.dispatchEvent(new Event('error'));
    expect((await screen.findByRole('alert')).textContent).toBe('Something went wrong, Try again!');
    expect(begin().hasAttribute('disabled')).toBe(true);
    script.remove();
  });
});

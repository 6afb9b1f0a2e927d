import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { DigioOptions } from '../../src/identity/digio-sdk';
import { errorReply } from '../app/support/adapter';
import { FakeServer, makeUser } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';
import { defaultBundle } from '../../src/config/bundle';
import { sandboxWidget, slow, verifyAnswers } from './support/identity-fakes';

const signedIn = { nextStep: 'aadhaar_verification', currentStep: 'pan_verification' };
const afterKyc = { ...signedIn, currentStep: 'aadhaar_verification', nextStep: 'pan_image_upload' };

function open() {
  const server = new FakeServer(defaultBundle.flow);
  const fake = sandboxWidget(server, 'kyc');
  verifyAnswers(server, 'kyc', fake, afterKyc, 'KYC details verified successfully!');
  const app = renderApp({ path: '/kyc-verification', server, signedIn });
  return { ...app, fake, user: userEvent.setup() };
}

const begin = () => screen.getByRole('button', { name: /Begin Verification/ });
const dialog = () => screen.findByRole('dialog', { name: 'DigiLocker KYC (sandbox)' }, slow);

describe('/kyc-verification', () => {
  afterEach(() => {
    delete window.Digio;
  });

  it('shows the portal intro, the checklist, the phone note and the time it takes', async () => {
    open();
    await findHeading('KYC Verification');
    expect(screen.getByText(/DigiLocker, the Government of India's document portal/)).toBeTruthy();
    const list = within(screen.getByRole('region', { name: 'Keep these ready' }));
    expect(list.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Your 12-digit Aadhaar number',
      'The mobile phone linked to your Aadhaar, for the OTP',
      'Your Aadhaar security PIN',
    ]);
    expect(screen.getByText(/Keep the phone handy/)).toBeTruthy();
    expect(screen.getByText('Process takes 2-3 minutes')).toBeTruthy();
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    // The sandbox never loads Digio's script.
    expect(document.querySelector('script[src*="digio"]')).toBeNull();
  });

  it('Approve in the sandbox widget: reported to the sandbox, verified, green toast and the next step', async () => {
    const { user, server, fake, path } = open();
    await findHeading('KYC Verification');
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    await user.click(begin());
    const widget = await dialog();
    await within(widget).findByText('KID1', {}, slow);
    expect(within(widget).getByText('me@example.in')).toBeTruthy();
    await user.click(within(widget).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('KYC details verified successfully!', {}, slow)).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/pan-image-upload'), slow);
    expect(fake.outcomes.get('KID1')).toBe('approve');
    expect(server.calls('POST /user/verify-workflow/kyc').map((call) => call.body)).toEqual([{ requestId: 'KID1' }]);
  });

  it("Cancel: the widget's own message in red, nothing verified, the page stays; a second try gets a fresh request", async () => {
    const { user, server, path } = open();
    await findHeading('KYC Verification');
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    await user.click(begin());
    const widget = await dialog();
    await within(widget).findByText('KID1', {}, slow);
    await user.click(within(widget).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('KYC process cancelled')).toBeTruthy();
    expect(server.calls('POST /user/verify-workflow/kyc')).toHaveLength(0);
    expect(path()).toBe('/kyc-verification');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);

    await user.click(begin());
    expect(await within(await dialog()).findByText('KID2', {}, slow)).toBeTruthy();
  });

  it('a failed credentials call closes the widget and shows the server message', async () => {
    const { user, server } = open();
    server.on('POST /user/initiate-workflow/kyc', () => errorReply(503, 'Verification service is unavailable, please try again'));
    await findHeading('KYC Verification');
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    await user.click(begin());
    expect(await screen.findByText('Verification service is unavailable, please try again', {}, slow)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), slow);
  });

  it("a verify the server refuses shows the server's words and keeps the applicant here", async () => {
    const { user, server, path } = open();
    server.on('POST /user/verify-workflow/kyc', () => errorReply(409, 'Verification is not complete yet, please finish it in the widget'));
    await findHeading('KYC Verification');
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    await user.click(begin());
    const widget = await dialog();
    await within(widget).findByText('KID1', {}, slow);
    await user.click(within(widget).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Verification is not complete yet, please finish it in the widget', {}, slow)).toBeTruthy();
    expect(path()).toBe('/kyc-verification');
  });

  it("with Digio: init() inside the click, submit(requestId, identifier, token) after the credentials, Digio's callback verified", async () => {
    const calls: string[] = [];
    let options: DigioOptions | undefined;
    window.Digio = class {
      constructor(given: DigioOptions) {
        options = given;
        calls.push(`new ${given.environment}`);
      }
      init() {
        calls.push('init');
      }
      submit(requestId: string, identifier: string, token: string) {
        calls.push(`submit ${requestId} ${identifier} ${token}`);
        setTimeout(() => options?.callback({ digio_doc_id: requestId, message: 'KYC Process Completed' }), 0);
      }
    };
    const { user, server, path } = open();
    server.on('GET /identity/widget', () => ({ status: 200, body: { kind: 'digio', environment: 'production' } }));
    // Digio itself tells the server: no sandbox report here.
    server.on('POST /user/verify-workflow/kyc', () => ({ status: 200, body: { message: 'KYC details verified successfully!', user: makeUser(afterKyc) } }));
    await findHeading('KYC Verification');
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    await user.click(begin());
    // Synchronously in the click, before any request: the browser allows Digio's window only then.
    expect(calls).toEqual(['new production', 'init']);
    expect(server.calls('POST /user/initiate-workflow/kyc')).toHaveLength(0);
    expect(await screen.findByText('KYC details verified successfully!', {}, slow)).toBeTruthy();
    expect(calls).toEqual(['new production', 'init', 'submit KID1 me@example.in GWT-test']);
    expect(options?.is_iframe).toBe(true);
    await waitFor(() => expect(path()).toBe('/pan-image-upload'), slow);
  });

  it("with Digio: an error_code callback shows Digio's message", async () => {
    window.Digio = class {
      constructor(private readonly options: DigioOptions) {}
      init() {}
      submit(requestId: string) {
        setTimeout(() => this.options.callback({ digio_doc_id: requestId, error_code: 'CANCELLED', message: 'Signing cancelled by user' }), 0);
      }
    };
    const { user, server } = open();
    server.on('GET /identity/widget', () => ({ status: 200, body: { kind: 'digio', environment: 'sandbox' } }));
    await findHeading('KYC Verification');
    await waitFor(() => expect(begin().hasAttribute('disabled')).toBe(false), slow);
    await user.click(begin());
    expect(await screen.findByText('Signing cancelled by user', {}, slow)).toBeTruthy();
    expect(server.calls('POST /user/verify-workflow/kyc')).toHaveLength(0);
  });

  it("with Digio and no SDK yet: Digio's script is added (only then); a script that fails to load says so", async () => {
    const { server } = open();
    server.on('GET /identity/widget', () => ({ status: 200, body: { kind: 'digio', environment: 'production' } }));
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

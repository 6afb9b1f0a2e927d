import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserDetails } from '../../core/api/types';
import { defaultBundle } from '../../src/config/bundle';
import { FakeServer } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';
import { fakeDigio, slow, verifyAnswers } from './support/identity-fakes';

const signedIn = { nextStep: 'liveliness_detection', currentStep: 'bank_details' };
const afterSelfie = { currentStep: 'liveliness_detection', nextStep: 'declaration' };

function open(who: Partial<UserDetails> = signedIn, after: Partial<UserDetails> = afterSelfie) {
  const server = new FakeServer(defaultBundle.flow);
  const fake = fakeDigio(server, 'selfie');
  verifyAnswers(server, 'selfie', fake, after, 'Image verified successfully!');
  const app = renderApp({ path: '/verify-image', server, signedIn: who });
  return { ...app, fake, user: userEvent.setup() };
}

const openCamera = () => screen.getByRole('button', { name: /Open Camera/ });

/** Open Camera, as the applicant does: the SDK opens in the click. */
async function start(user: ReturnType<typeof userEvent.setup>) {
  await findHeading('Liveness Check');
  await waitFor(() => expect(openCamera().hasAttribute('disabled')).toBe(false), slow);
  await user.click(openCamera());
}

describe('/verify-image', () => {
  afterEach(() => {
    delete window.Digio;
  });

  it('shows the tips and Open Camera', async () => {
    open();
    await findHeading('Liveness Check');
    const tips = within(screen.getByRole('region', { name: 'Tips for a Good Photo' }));
    expect(tips.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Keep your face straight, looking into the camera',
      'Keep your eyes clearly visible, also if you wear glasses',
      'Allow location and camera access when your browser asks',
    ]);
    expect(openCamera()).toBeTruthy();
  });

  it("the SDK's selfie approved: verified, green toast, the next route", async () => {
    const { user, path, fake, server } = open();
    await start(user);
    await fake.answer('approve');
    expect(await screen.findByText('Image verified successfully!', {}, slow)).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/sign-onboarding-form'), slow);
    expect(server.calls('POST /user/verify-workflow/selfie').map((call) => call.body)).toEqual([{ requestId: 'KID1' }]);
  });

  it("closed in the SDK: its message, nothing verified", async () => {
    const { user, fake, server } = open();
    await start(user);
    await fake.answer('cancel');
    expect(await screen.findByText('KYC Process Cancelled')).toBeTruthy();
    expect(server.calls('POST /user/verify-workflow/selfie')).toHaveLength(0);
  });

  it('in modification with the selfie rejected: the page opens, and a new selfie leads back to the status', async () => {
    const rejected = { nextStep: 'modification', currentStep: 'verification_pending', rejectedSteps: { liveliness_detection: { reason: 'Face not visible' } } };
    const { user, path, fake } = open(rejected, { currentStep: 'modification', nextStep: 'verification_pending', rejectedSteps: {} });
    await start(user);
    await fake.answer('approve');
    await waitFor(() => expect(path()).toBe('/completed'), slow);
  });

  it('in modification without the selfie rejected, /verify-image goes back to /modification', async () => {
    const { path } = open({ nextStep: 'modification', currentStep: 'verification_pending', rejectedSteps: { signature: { reason: 'Blurred' } } });
    await waitFor(() => expect(path()).toBe('/modification'), slow);
  });
});

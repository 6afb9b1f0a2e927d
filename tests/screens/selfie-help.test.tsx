import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { FakeServer } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';
import { defaultBundle } from '../../src/config/bundle';
import { fakeDigio, slow, verifyAnswers } from './support/identity-fakes';

/**
 * Issue 30 (SEBI's FAQ for persons with disabilities: help with the photo capture): when the camera or the liveness
 * check fails, the selfie page guides a retry, and after a second failure offers a person's help (/help).
 */

const signedIn = { nextStep: 'liveliness_detection', currentStep: 'bank_details' };

function open() {
  const server = new FakeServer(defaultBundle.flow);
  const fake = fakeDigio(server, 'selfie');
  verifyAnswers(server, 'selfie', fake, { ...signedIn, currentStep: 'liveliness_detection', nextStep: 'declaration' }, 'Image verified successfully!');
  const app = renderApp({ path: '/verify-image', server, signedIn });
  return { ...app, fake, user: userEvent.setup() };
}

const openCamera = () => screen.getByRole('button', { name: /Open Camera/ });

describe('/verify-image when the selfie fails', () => {
  afterEach(() => {
    delete window.Digio;
  });

  it('a first failure guides a retry step by step; a second offers to ask for help, which leads to /help from this page', async () => {
    const { user, fake, path } = open();
    await findHeading('Liveness Check');
    await waitFor(() => expect(openCamera().hasAttribute('disabled')).toBe(false), slow);
    expect(screen.queryByRole('region', { name: 'Let Us Try Again, Step by Step' })).toBeNull();

    await user.click(openCamera());
    await fake.answer('cancel');
    const tips = await screen.findByRole('region', { name: 'Let Us Try Again, Step by Step' });
    expect(within(tips).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Close other apps that may be using the camera, then press Open Camera',
      'Sit facing a window or a lamp, so your face is evenly lit',
      'Hold the phone at eye level and keep still until the photo is taken; you do not need to blink',
    ]);
    expect(screen.queryByRole('link', { name: /Ask us for help/ })).toBeNull();

    await waitFor(() => expect(openCamera().hasAttribute('disabled')).toBe(false), slow);
    await user.click(openCamera());
    await fake.answer('cancel');
    const help = await screen.findByRole('link', { name: /Still not working\? Ask us for help/ });
    await user.click(help);
    await findHeading('Ask Us for Help');
    expect(path()).toBe('/help?from=%2Fverify-image');
    expect(screen.getByText('We will know you asked from: /verify-image')).toBeTruthy();
  });
});

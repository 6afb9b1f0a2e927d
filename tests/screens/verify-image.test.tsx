import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../core/api/types';
import { defaultBundle } from '../../src/config/bundle';
import { FakeServer } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';
import { sandboxWidget, slow, verifyAnswers } from './support/identity-fakes';

const signedIn = { nextStep: 'liveliness_detection', currentStep: 'bank_details' };
const afterSelfie = { currentStep: 'liveliness_detection', nextStep: 'declaration' };

function open(who: Partial<UserDetails> = signedIn, after: Partial<UserDetails> = afterSelfie) {
  const server = new FakeServer(defaultBundle.flow);
  const fake = sandboxWidget(server, 'selfie');
  verifyAnswers(server, 'selfie', fake, after, 'Image verified successfully!');
  const app = renderApp({ path: '/verify-image', server, signedIn: who });
  return { ...app, fake, user: userEvent.setup() };
}

const openCamera = () => screen.getByRole('button', { name: /Open Camera/ });
const dialog = () => screen.findByRole('dialog', { name: 'Liveness selfie (sandbox)' }, slow);
const stopped: string[] = [];
const fakeStream = { getTracks: () => [{ stop: () => stopped.push('video') }] } as unknown as MediaStream;

function camera(getUserMedia: (() => Promise<MediaStream>) | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: getUserMedia ? { getUserMedia } : undefined });
}

async function openWidget(user: ReturnType<typeof userEvent.setup>) {
  await findHeading('Liveness Check');
  await waitFor(() => expect(openCamera().hasAttribute('disabled')).toBe(false), slow);
  await user.click(openCamera());
  const widget = await dialog();
  await within(widget).findByText('KID1', {}, slow);
  return within(widget);
}

describe('/verify-image', () => {
  beforeEach(() => {
    stopped.length = 0;
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    camera(undefined);
  });

  it('shows the tips and Open Camera', async () => {
    open();
    await findHeading('Liveness Check');
    const tips = within(screen.getByRole('region', { name: 'Tips for a good photo' }));
    expect(tips.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Keep your face straight, looking into the camera',
      'Keep your eyes clearly visible, also if you wear glasses',
      'Allow location and camera access when your browser asks',
    ]);
    expect(openCamera()).toBeTruthy();
  });

  it('the live camera, Capture, then Approve: verified, green toast, the next route; the camera is released', async () => {
    camera(() => Promise.resolve(fakeStream));
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: () => undefined } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,/9j/AAAA');
    const { user, path, fake } = open();
    const widget = await openWidget(user);
    const approve = widget.getByRole('button', { name: 'Approve' });
    expect(approve.hasAttribute('disabled')).toBe(true);
    await user.click(await widget.findByRole('button', { name: 'Capture' }));
    expect(widget.getByRole('img', { name: 'Captured photo' }).getAttribute('src')).toBe('data:image/jpeg;base64,/9j/AAAA');
    expect(approve.hasAttribute('disabled')).toBe(false);
    await user.click(approve);
    expect(await screen.findByText('Image verified successfully!', {}, slow)).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/sign-onboarding-form'), slow);
    expect(fake.outcomes.get('KID1')).toBe('approve');
    expect(stopped).toEqual(['video']);
  });

  it.each([
    ['permission refused', () => Promise.reject(new DOMException('denied', 'NotAllowedError')), /Camera permission was refused/],
    ['no camera', () => Promise.reject(new DOMException('none', 'NotFoundError')), /No camera is available on this device/],
    ['a camera that will not start', () => Promise.reject(new DOMException('busy', 'NotReadableError')), /The camera could not be started/],
  ])('%s: says so plainly; Approve stays off and Cancel gives the widget message', async (_name, getUserMedia, message) => {
    camera(getUserMedia);
    const { user, server } = open();
    const widget = await openWidget(user);
    expect((await widget.findByRole('alert')).textContent).toMatch(message);
    expect(widget.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
    await user.click(widget.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Selfie capture cancelled')).toBeTruthy();
    expect(server.calls('POST /user/verify-workflow/selfie')).toHaveLength(0);
  });

  it('in modification with the selfie rejected: the page opens, and a new selfie leads back to the status', async () => {
    camera(() => Promise.resolve(fakeStream));
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: () => undefined } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,/9j/AAAA');
    const rejected = { nextStep: 'modification', currentStep: 'verification_pending', rejectedSteps: { liveliness_detection: { reason: 'Face not visible' } } };
    const { user, path } = open(rejected, { currentStep: 'modification', nextStep: 'verification_pending', rejectedSteps: {} });
    const widget = await openWidget(user);
    await user.click(await widget.findByRole('button', { name: 'Capture' }));
    await user.click(widget.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(path()).toBe('/completed'), slow);
  });

  it('in modification without the selfie rejected, /verify-image goes back to /modification', async () => {
    const { path } = open({ nextStep: 'modification', currentStep: 'verification_pending', rejectedSteps: { signature: { reason: 'Blurred' } } });
    await waitFor(() => expect(path()).toBe('/modification'), slow);
  });

  it('a browser without getUserMedia at all: no camera', async () => {
    camera(undefined);
    const { user } = open();
    const widget = await openWidget(user);
    expect((await widget.findByRole('alert')).textContent).toMatch(/No camera is available on this device/);
  });
});

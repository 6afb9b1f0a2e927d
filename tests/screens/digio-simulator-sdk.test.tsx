import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WidgetCallback } from '../../src/api/identity';
import type { DigioConstructor } from '../../src/identity/digio-sdk';

/**
 * The Web SDK Digio's simulator serves (server/providers/identity/digio/simulator-sdk.ts), in jsdom: the documented
 * interface, its dialog (lang="en": the vendor's words), the selfie's camera, and what it reports to its gateway. The
 * gateway's answers here are what simulator-gateway.ts answers (tests/server/providers/identity, which also checks the
 * script as served); a real browser runs it in tests/e2e/identity.e2e.ts.
 */

let Sdk: DigioConstructor;
beforeAll(async () => {
  await import('../../server/providers/identity/digio/simulator-sdk');
  Sdk = window.Digio as DigioConstructor;
}, 30_000);

interface Posted {
  url: string;
  body: Record<string, unknown>;
}

let posted: Posted[];
let gateway: (url: string, body: Record<string, unknown>) => { status: number; body: unknown };
const stopped: string[] = [];
const fakeStream = { getTracks: () => [{ stop: () => stopped.push('video') }] } as unknown as MediaStream;

function camera(getUserMedia: (() => Promise<MediaStream>) | undefined) {
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: getUserMedia ? { getUserMedia } : undefined });
}

beforeEach(() => {
  posted = [];
  stopped.length = 0;
  gateway = (url) => {
    if (url.endsWith('/open')) return { status: 200, body: { kind: 'kyc', identifier: 'me@example.in' } };
    const requestId = /gateway\/([^/]+)\//.exec(url)?.[1] ?? '';
    if (url.endsWith('/approve')) return { status: 200, body: { digio_doc_id: requestId, message: 'KYC process completed' } };
    return { status: 200, body: { digio_doc_id: requestId, error_code: 'CANCELLED', message: 'KYC Process Cancelled' } };
  };
  vi.stubGlobal('fetch', async (url: string, init: { body: string }) => {
    const body = JSON.parse(init.body) as Record<string, unknown>;
    if (url.includes('/sim/digio/gateway/')) posted.push({ url, body });
    const answer = gateway(url, body);
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  window.Digio = Sdk;
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  camera(undefined);
  document.body.replaceChildren();
  delete window.Digio;
});

const Digio = () => window.Digio as DigioConstructor;

/** A button that opens the SDK in its click, as the screens do; resolves with the callback. */
function opener(requestId = 'KID1', environment: 'sandbox' | 'production' = 'sandbox') {
  const button = document.createElement('button');
  button.textContent = 'Begin';
  document.body.append(button);
  let resolve: (callback: WidgetCallback) => void = () => {};
  const callback = new Promise<WidgetCallback>((done) => {
    resolve = done;
  });
  const sdk = new (Digio())({ environment, callback: (response) => resolve(response as WidgetCallback), is_iframe: true });
  button.addEventListener('click', () => {
    sdk.init();
    setTimeout(() => sdk.submit(requestId, 'me@example.in', `GWT-${requestId}`), 0);
  });
  return { button, callback, sdk };
}

describe("the simulator's Web SDK", () => {
  it("validates its options as Digio's SDK does", () => {
    expect(() => new (Digio())(undefined as never)).toThrow('Digio constructor requires configuration options for initialization.');
    expect(() => new (Digio())({ environment: 'stage' as never, callback: () => {} })).toThrow('Provided environment value is invalid.');
    expect(() => new (Digio())({ environment: 'sandbox', callback: 'no' as never })).toThrow('Provided callback method is not a function or is invalid.');
  });

  it('init() shows the gateway at once; submit() opens the request; Approve reports with the token and calls back; focus returns', async () => {
    const user = userEvent.setup();
    const { button, callback } = opener();
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'DigiLocker KYC (sandbox)' });
    expect(dialog.getAttribute('lang')).toBe('en');
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('KID1')).toBeTruthy();
    expect(within(dialog).getByText('me@example.in')).toBeTruthy();
    expect(posted[0]).toEqual({ url: `${location.origin}/sim/digio/gateway/KID1/open`, body: { identifier: 'me@example.in', token: 'GWT-KID1' } });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await callback).toEqual({ digio_doc_id: 'KID1', message: 'KYC process completed' });
    expect(posted[1]).toEqual({ url: `${location.origin}/sim/digio/gateway/KID1/approve`, body: { token: 'GWT-KID1' } });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it("Cancel, or Escape: the gateway's cancel words in the callback, with its error_code", async () => {
    const user = userEvent.setup();
    const first = opener();
    await user.click(first.button);
    await user.click(within(await screen.findByRole('dialog', { name: 'DigiLocker KYC (sandbox)' })).getByRole('button', { name: 'Cancel' }));
    expect(await first.callback).toEqual({ digio_doc_id: 'KID1', error_code: 'CANCELLED', message: 'KYC Process Cancelled' });
    const second = opener('KID2');
    await user.click(second.button);
    await screen.findByRole('dialog', { name: 'DigiLocker KYC (sandbox)' });
    await user.keyboard('{Escape}');
    expect(await second.callback).toMatchObject({ digio_doc_id: 'KID2', error_code: 'CANCELLED' });
  });

  it('cancel() closes it, as the screens do when the request could not be had', async () => {
    const { sdk, callback } = opener();
    sdk.init();
    await screen.findByRole('dialog', { name: 'Digio (sandbox)' });
    sdk.cancel?.();
    expect(await callback).toEqual({ digio_doc_id: '', error_code: 'CANCELLED', message: 'Signing cancelled' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a gateway that cannot be reached: an error callback in plain words', async () => {
    gateway = () => ({ status: 503, body: {} });
    const user = userEvent.setup();
    const { button, callback } = opener();
    await user.click(button);
    expect(await callback).toEqual({ digio_doc_id: 'KID1', error_code: 'SANDBOX_UNAVAILABLE', message: 'The sandbox could not record your answer, please try again.' });
  });

  it('an eSign request shows the document it signs', async () => {
    gateway = (url) => (url.endsWith('/open') ? { status: 200, body: { kind: 'esign', identifier: 'me@example.in', document: 'KRA Form' } } : { status: 200, body: { digio_doc_id: 'DID1', message: 'Sign Successful' } });
    const user = userEvent.setup();
    const { button } = opener('DID1');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Aadhaar eSign (sandbox)' });
    expect(within(dialog).getByText('KRA Form')).toBeTruthy();
  });
});

describe("the simulator's selfie: the live camera", () => {
  beforeEach(() => {
    gateway = (url) =>
      url.endsWith('/open') ? { status: 200, body: { kind: 'selfie', identifier: 'me@example.in' } } : { status: 200, body: { digio_doc_id: 'KID1', message: 'KYC process completed' } };
  });

  it('live, Capture takes a frame, then Approve sends it; the camera is released', async () => {
    camera(() => Promise.resolve(fakeStream));
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: () => undefined } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/jpeg;base64,/9j/AAAA');
    const user = userEvent.setup();
    const { button, callback } = opener();
    await user.click(button);
    const dialog = within(await screen.findByRole('dialog', { name: 'Liveness selfie (sandbox)' }));
    const approve = dialog.getByRole('button', { name: 'Approve' });
    expect(approve.hasAttribute('disabled')).toBe(true);
    await user.click(await dialog.findByRole('button', { name: 'Capture' }));
    expect(dialog.getByRole('img', { name: 'Captured photo' }).getAttribute('src')).toBe('data:image/jpeg;base64,/9j/AAAA');
    expect(approve.hasAttribute('disabled')).toBe(false);
    await user.click(approve);
    expect(await callback).toEqual({ digio_doc_id: 'KID1', message: 'KYC process completed' });
    expect(posted[1]?.body).toEqual({ token: 'GWT-KID1', photo: 'data:image/jpeg;base64,/9j/AAAA' });
    expect(stopped).toEqual(['video']);
  });

  it.each([
    ['permission refused', () => Promise.reject(new DOMException('denied', 'NotAllowedError')), /Camera permission was refused/],
    ['no camera', () => Promise.reject(new DOMException('none', 'NotFoundError')), /No camera is available on this device/],
    ['a camera that will not start', () => Promise.reject(new DOMException('busy', 'NotReadableError')), /The camera could not be started/],
    ['a browser without getUserMedia', undefined, /No camera is available on this device/],
  ])('%s: says so plainly; Approve stays off, Retake tries again', async (_name, getUserMedia, message) => {
    camera(getUserMedia);
    const user = userEvent.setup();
    const { button } = opener();
    await user.click(button);
    const dialog = within(await screen.findByRole('dialog', { name: 'Liveness selfie (sandbox)' }));
    expect((await dialog.findByRole('alert')).textContent).toMatch(message);
    expect(dialog.getByRole('button', { name: 'Approve' }).hasAttribute('disabled')).toBe(true);
    camera(() => Promise.resolve(fakeStream));
    await user.click(dialog.getByRole('button', { name: 'Retake' }));
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Capture' })).toBeTruthy());
  });
});

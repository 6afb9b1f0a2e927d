import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickedFile } from '../../src/state/picked-files';
import { widgetLoaders } from '../../widgets/registry';
import { PAD } from '../../widgets/signature/signature-pad-canvas';
import { SignatureWidget } from '../../widgets/signature/signature-widget';
import { imageFile, installFakeCanvas } from './support/fake-canvas';
import { renderWidget } from './support/widget-harness';

afterEach(() => vi.restoreAllMocks());

const guidelines = ['Sign on a plain white paper, exactly as you sign on your PAN card', 'Sign on a straight line', 'Crop the image to only the signature'];
const options = { guidelines, reviewTitle: 'Review and crop your signature' };
const value = () => JSON.parse(screen.getByTestId('value').textContent || 'null') as unknown;

/** A stroke across the pad, as a finger or mouse would draw it. */
function drawStroke(canvas: HTMLElement): void {
  const at = (type: string, x: number, y: number, buttons: number) =>
    fireEvent(type === 'pointerdown' ? canvas : window, new PointerEvent(type, { bubbles: true, buttons, pointerId: 1, clientX: x, clientY: y, pressure: 0.5 }));
  at('pointerdown', 10, 10, 1);
  for (let step = 1; step <= 5; step += 1) at('pointermove', 10 + step * 20, 10 + step * 5, 1);
  at('pointerup', 110, 35, 0);
}

async function openPad() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Draw Signature' }));
  const pad = await screen.findByRole('dialog', { name: 'Draw your signature' });
  // The footer's buttons (the dialog's corner X is also named Close).
  const actions = within(pad.querySelector<HTMLElement>('.signature-actions')!);
  return { user, pad, actions, canvas: within(pad).getByRole('img', { name: 'Signature pad' }) };
}

describe('signature widget', () => {
  it('is what the registry binds its config name to', async () => {
    expect(await widgetLoaders.signature()).toBe(SignatureWidget);
  });

  it("'Draw Signature' opens a pad with Close, Clear and Upload: pen 1.5, blue, on white", async () => {
    const canvas = installFakeCanvas();
    renderWidget({ widget: SignatureWidget, options });
    const { actions } = await openPad();
    expect(actions.getAllByRole('button').map((button) => button.textContent)).toEqual(['Close', 'Clear', 'Upload']);
    expect(PAD).toMatchObject({ penWidth: 1.5, penColor: 'blue', background: 'rgb(255, 255, 255)', quality: 0.95, fileName: 'signature' });
    expect(canvas.fills.slice(0, 2)).toEqual(['rgb(255, 255, 255)', 'blue']); // cleared to white, then the pen
  });

  it('asks for a drawing before Upload', async () => {
    installFakeCanvas();
    renderWidget({ widget: SignatureWidget, options });
    const { user, pad } = await openPad();
    await user.click(within(pad).getByRole('button', { name: 'Upload' }));
    expect((await within(pad).findByRole('alert')).textContent).toBe('Draw your signature first');
    expect(value()).toBeNull();
  });

  it("uploads the drawing as a JPEG named 'signature' of quality 0.95", async () => {
    const fake = installFakeCanvas();
    renderWidget({ widget: SignatureWidget, options });
    const { user, pad, canvas } = await openPad();
    drawStroke(canvas);
    await user.click(within(pad).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(value()).not.toBeNull());
    const file = pickedFile(value());
    expect([file?.name, file?.type]).toEqual(['signature', 'image/jpeg']);
    expect(fake.encoded.at(-1)).toEqual({ type: 'image/jpeg', quality: 0.95 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('img', { name: 'Your signature' })).toBeTruthy();
  });

  it('Clear empties the pad; Close leaves without a signature', async () => {
    installFakeCanvas();
    renderWidget({ widget: SignatureWidget, options });
    const { user, pad, actions, canvas } = await openPad();
    drawStroke(canvas);
    await user.click(actions.getByRole('button', { name: 'Clear' }));
    await user.click(actions.getByRole('button', { name: 'Upload' }));
    expect((await within(pad).findByRole('alert')).textContent).toBe('Draw your signature first');
    await user.click(actions.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(value()).toBeNull();
  });

  it("'Upload Signature' shows the guidelines, then picks an image to review and crop", async () => {
    installFakeCanvas();
    renderWidget({ widget: SignatureWidget, options });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Upload Signature' }));
    const rules = await screen.findByRole('dialog', { name: 'Upload your signature' });
    expect(within(rules).getAllByRole('listitem').map((item) => item.textContent)).toEqual(guidelines);
    const input = screen.getByTestId<HTMLInputElement>('image-pick-input');
    const click = vi.spyOn(input, 'click');
    await user.click(within(rules).getByRole('button', { name: 'Choose Image' }));
    expect(click).toHaveBeenCalledTimes(1);
    await user.upload(input, imageFile('signature-photo.png', 'image/png'));
    const crop = await screen.findByRole('dialog', { name: 'Review and crop your signature' });
    expect(within(crop).getByRole('button', { name: 'Upload Again' })).toBeTruthy();
    await user.click(within(crop).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(pickedFile(value())?.name).toBe('cropped_image.jpeg'));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pickedFile } from '../../src/state/picked-files';
import { ImageCropWidget } from '../../widgets/image-crop/image-crop-widget';
import { CROP_FAILED, cropToJpeg } from '../../widgets/image-crop/crop-image';
import { ROTATION, ZOOM } from '../../widgets/image-crop/crop-dialog';
import { widgetLoaders } from '../../widgets/registry';
import { imageFile, installFakeCanvas } from './support/fake-canvas';
import { renderWidget } from './support/widget-harness';

afterEach(() => vi.restoreAllMocks());

const options = { reviewTitle: 'Review and crop your PAN card', pickLabel: 'Choose PAN card image', previewAlt: 'Your PAN card' };
const events = () => userEvent.setup({ applyAccept: false });
const input = () => screen.getByTestId<HTMLInputElement>('image-pick-input');
const value = () => JSON.parse(screen.getByTestId('value').textContent || 'null') as unknown;
const dialog = () => screen.findByRole('dialog', { name: 'Review and crop your PAN card' });

describe('imageCrop widget', () => {
  it('is what the registry binds its config name to', async () => {
    expect(await widgetLoaders.imageCrop()).toBe(ImageCropWidget);
  });

  it('reviews a picked JPEG in a 16:9 crop dialog with zoom 0.7-3 (step 0.1), rotation 0-360, Upload Again and Next', async () => {
    installFakeCanvas();
    renderWidget({ widget: ImageCropWidget, options });
    expect(input().accept).toBe('image/jpeg,image/png');
    await events().upload(input(), imageFile());
    const crop = await dialog();
    const [zoom, rotation] = within(crop).getAllByRole('slider');
    expect([zoom!.getAttribute('aria-valuemin'), zoom!.getAttribute('aria-valuemax'), zoom!.getAttribute('aria-valuenow')]).toEqual(['0.7', '3', '1']);
    expect([rotation!.getAttribute('aria-valuemin'), rotation!.getAttribute('aria-valuemax')]).toEqual(['0', '360']);
    expect(ZOOM).toEqual({ min: 0.7, max: 3, step: 0.1 });
    expect(ROTATION).toEqual({ min: 0, max: 360, step: 1 });
    expect(within(crop).getByRole('button', { name: 'Upload Again' })).toBeTruthy();
    expect(within(crop).getByRole('button', { name: 'Next' })).toBeTruthy();
  });

  it("'Next' keeps a JPEG named cropped_image.jpeg and shows it", async () => {
    const canvas = installFakeCanvas();
    renderWidget({ widget: ImageCropWidget, options });
    const user = events();
    await user.upload(input(), imageFile('card.png', 'image/png'));
    await user.click(within(await dialog()).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(value()).not.toBeNull());
    const file = pickedFile(value());
    expect(file?.name).toBe('cropped_image.jpeg');
    expect(file?.type).toBe('image/jpeg');
    expect(canvas.encoded.at(-1)?.type).toBe('image/jpeg');
    expect(screen.getByRole('img', { name: 'Your PAN card' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
    expect(screen.getByRole('button', { name: 'Change' })).toBeTruthy();
  });

  it(`says '${CROP_FAILED}' when the canvas gives no image, and keeps no file`, async () => {
    installFakeCanvas({ noBlob: true });
    renderWidget({ widget: ImageCropWidget, options });
    await events().upload(input(), imageFile());
    const crop = await dialog();
    await events().click(within(crop).getByRole('button', { name: 'Next' }));
    expect((await within(crop).findByRole('alert')).textContent).toBe(CROP_FAILED);
    expect(value()).toBeNull();
  });

  it("'Upload Again' closes the dialog and opens the file picker again", async () => {
    installFakeCanvas();
    renderWidget({ widget: ImageCropWidget, options });
    await events().upload(input(), imageFile());
    const click = vi.spyOn(input(), 'click');
    await events().click(within(await dialog()).getByRole('button', { name: 'Upload Again' }));
    expect(click).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 4000 });
  });

  it.each([
    ['a PDF', imageFile('pan.pdf', 'application/pdf'), 'Choose a JPEG or PNG image'],
    ['a GIF', imageFile('pan.gif', 'image/gif'), 'Choose a JPEG or PNG image'],
    ['a 6 MB photo', imageFile('pan.jpg', 'image/jpeg', 6 * 1024 * 1024), 'The file is larger than 5 MB. Choose a file of 5 MB or less.'],
  ])('refuses %s before any dialog: %j', async (_name, file, message) => {
    installFakeCanvas();
    renderWidget({ widget: ImageCropWidget, options });
    await events().upload(input(), file);
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(value()).toBeNull();
  });

  it('keeps the picked image as it is with crop: false (a nominee proof)', async () => {
    installFakeCanvas();
    renderWidget({ widget: ImageCropWidget, options: { ...options, crop: false } });
    await events().upload(input(), imageFile('aadhaar.png', 'image/png'));
    await waitFor(() => expect(pickedFile(value())?.name).toBe('aadhaar.png'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens as a bottom drawer on a phone (up to 500 px) and as a dialog on wider screens', async () => {
    installFakeCanvas();
    const wide = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...wide(query), matches: query.includes('max-width: 500px') })) as typeof window.matchMedia;
    try {
      renderWidget({ widget: ImageCropWidget, options });
      await events().upload(input(), imageFile());
      await dialog();
      expect(document.querySelector('.ant-drawer-bottom')).not.toBeNull();
    } finally {
      window.matchMedia = wide;
    }
  });

  it('ignores a value that is not a file of this page (a part name from an earlier save)', async () => {
    renderWidget({ widget: ImageCropWidget, options, value: 'documentProof_0' });
    await waitFor(() => expect(value()).toBeNull());
    expect(screen.getByRole('button', { name: 'Choose PAN card image' })).toBeTruthy();
  });
});

describe('cropToJpeg', () => {
  const image = () => {
    const element = new Image();
    return element;
  };

  it('cuts the area onto white, scales it to the longest side allowed, and encodes a JPEG', async () => {
    const canvas = installFakeCanvas({ imageSize: { width: 4000, height: 3000 } });
    const file = await cropToJpeg(image(), { area: { x: 0, y: 375, width: 4000, height: 2250 }, rotation: 0, maxSide: 2000 });
    expect(file.name).toBe('cropped_image.jpeg');
    expect(file.type).toBe('image/jpeg');
    expect(canvas.sizes.at(-1)).toEqual({ width: 2000, height: 1125 });
    expect(canvas.contextSettings.fillStyle).toBe('#ffffff');
    expect(canvas.drawn.at(-1)?.slice(1)).toEqual([0, 375, 4000, 2250, 0, 0, 2000, 1125]);
  });

  it('takes the whole rotated image when no area was measured; a quarter turn swaps the sides', async () => {
    const canvas = installFakeCanvas({ imageSize: { width: 1600, height: 900 } });
    await cropToJpeg(image(), { area: null, rotation: 90, maxSide: 4000 });
    expect(canvas.sizes.at(-1)).toEqual({ width: 900, height: 1600 });
  });

  it(`fails with '${CROP_FAILED}' when the canvas gives nothing back`, async () => {
    installFakeCanvas({ noBlob: true });
    await expect(cropToJpeg(image(), { area: null, rotation: 0, maxSide: 2000 })).rejects.toThrow(CROP_FAILED);
  });
});

describe('imageCrop widget without dragging (issue 20, WCAG 2.5.7 and 2.4.3)', () => {
  it('the move buttons shift the image under the frame; after Next the field has focus again', async () => {
    installFakeCanvas();
    renderWidget({ widget: ImageCropWidget, options });
    const user = events();
    await user.upload(input(), imageFile());
    const crop = await dialog();
    const image = () => crop.querySelector<HTMLElement>('img')!.style.transform;
    await waitFor(() => expect(image()).toMatch(/translate\(0px, 0px\)/));
    await user.click(within(crop).getByRole('button', { name: 'Move up' }));
    await user.click(within(crop).getByRole('button', { name: 'Move right' }));
    expect(image()).toMatch(/translate\(20px, -20px\)/);
    expect(within(crop).getByRole('group', { name: 'Position' })).toBeTruthy();
    await user.click(within(crop).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Change' })));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { errorReply, type Reply } from '../app/support/adapter';
import { imageFile, installFakeCanvas } from '../widgets/support/fake-canvas';
import { answerStep, formDataOf } from './support/document-routes';
import { renderFormApp } from './support/render-form-app';

afterEach(() => vi.restoreAllMocks());

function openPanImage(reply?: Reply | Promise<Reply>) {
  installFakeCanvas();
  const app = renderFormApp({ path: '/pan-image-upload', user: { currentStep: 'aadhaar_verification', nextStep: 'pan_image_upload', pan: 'ABCPE1234F' } });
  if (reply) app.server.on('POST /user/pan-proof-upload', () => reply);
  else answerStep(app.server, app.user, defaultBundle.flow, 'POST /user/pan-proof-upload', 'pan_image_upload', 'PAN card Uploaded Successfully!');
  return { ...app, events: userEvent.setup({ applyAccept: false }) };
}

async function pickAndCrop(events: ReturnType<typeof userEvent.setup>, file = imageFile('pan-photo.jpg')) {
  await screen.findByRole('button', { name: 'Choose PAN card image' }, { timeout: 10_000 });
  await events.upload(screen.getByTestId('image-pick-input'), file);
  const dialog = await screen.findByRole('dialog', { name: 'Review and crop your PAN card' });
  await events.click(within(dialog).getByRole('button', { name: 'Next' }));
  await screen.findByRole('img', { name: 'Your PAN card' });
}

const upload = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Upload' });

describe('/pan-image-upload', () => {
  it('keeps Upload disabled until an image is cropped', async () => {
    const app = openPanImage();
    await screen.findByRole('heading', { level: 1, name: 'Upload your PAN Card' }, { timeout: 10_000 });
    // The step's validators load beside the page header; the form (and its Upload) follows.
    expect((await screen.findByRole<HTMLButtonElement>('button', { name: 'Upload' }, { timeout: 10_000 })).disabled).toBe(true);
    await pickAndCrop(app.events);
    await waitFor(() => expect(upload().disabled).toBe(false));
  });

  it.each([
    ['a JPEG', imageFile('pan.jpg', 'image/jpeg')],
    ['a PNG', imageFile('pan.png', 'image/png')],
  ])("uploads %s, cropped, in field 'pan'; 'PAN card Uploaded Successfully!' and on to the next step", async (_name, file) => {
    const app = openPanImage();
    await pickAndCrop(app.events, file);
    await app.events.click(upload());
    await screen.findByText('PAN card Uploaded Successfully!');
    await waitFor(() => expect(app.path()).toBe('/personal-details'));
    const [request] = app.server.calls('POST /user/pan-proof-upload');
    const sent = formDataOf(request!).get('pan') as File;
    expect([sent.name, sent.type]).toEqual(['cropped_image.jpeg', 'image/jpeg']);
    expect([...formDataOf(request!).keys()]).toEqual(['pan']);
  });

  it("shows the server's refusal and stays", async () => {
    const refused = openPanImage(errorReply(415, 'PAN image must be a JPEG or PNG image'));
    await pickAndCrop(refused.events);
    await refused.events.click(upload());
    await screen.findByText('PAN image must be a JPEG or PNG image');
    expect(refused.path()).toBe('/pan-image-upload');
  });

  it("says 'PAN image upload failed, Try again!' when the server gives no reason", async () => {
    const app = openPanImage({ status: 500, body: {} });
    await pickAndCrop(app.events);
    await app.events.click(upload());
    await screen.findByText('PAN image upload failed, Try again!');
    expect(app.path()).toBe('/pan-image-upload');
  });

  it('shows the upload progress while the file goes up', async () => {
    const app = openPanImage();
    let finish: (reply: Reply) => void = () => {};
    app.server.on('POST /user/pan-proof-upload', (request) => {
      request.config.onUploadProgress?.({ loaded: 512, total: 1024, bytes: 512, lengthComputable: true });
      return new Promise<Reply>((resolve) => (finish = resolve));
    });
    await pickAndCrop(app.events);
    await app.events.click(upload());
    await screen.findByText('Uploading your PAN card… 50%');
    finish({ status: 200, body: { message: 'PAN card Uploaded Successfully!', step: 'pan_image_upload', user: { ...app.user, nextStep: 'personal_details' } } });
    await waitFor(() => expect(app.path()).toBe('/personal-details'));
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserDetails } from '../../core/api/types';
import { defaultBundle } from '../../src/config/bundle';
import type { FakeRequest } from '../app/support/adapter';
import { FakeServer, makeUser } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';

/** Issue 20, row 5: the modification page as an applicant sent back by the reviewers meets it. */

const reasons = {
  personal_details: { reason: "Father's name does not match the PAN" },
  pan_image_upload: { reason: 'The PAN image is blurred' },
  income_proof: { reason: 'The bank statement is older than 6 months' },
  signature: { reason: 'The signature is cut off' },
  liveliness_detection: { reason: 'The selfie is too dark' },
};

/** The fake server clears a document's rejection when it is uploaded again, as the real one does. */
function open(rejectedSteps: UserDetails['rejectedSteps']) {
  const server = new FakeServer(defaultBundle.flow);
  let left = { ...rejectedSteps };
  server.on('POST /user/modification/document', (request: FakeRequest) => {
    const step = String((request.config.data as FormData).get('step'));
    const { [step]: _fixed, ...rest } = left;
    left = rest;
    const user = makeUser({ rejectedSteps: left, nextStep: Object.keys(left).length ? 'modification' : 'verification_pending' });
    return { status: 200, body: { message: 'Document uploaded successfully!', step, user } };
  });
  const app = renderApp({ path: '/modification', server, signedIn: { nextStep: 'modification', rejectedSteps } });
  return { ...app, user: userEvent.setup() };
}

const jpeg = (name = 'pan.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], name, { type: 'image/jpeg' });

describe('modification: the reasons, Done and the documents sent', () => {
  it("shows the back office's reason beside the personal-details form", async () => {
    open({ personal_details: reasons.personal_details });
    await findHeading('Welcome Back');
    expect(screen.getByText("Why: Father's name does not match the PAN")).toBeTruthy();
  });

  it('Done with a document still to send says which, and takes the applicant to the first', async () => {
    const { user } = open({ pan_image_upload: reasons.pan_image_upload, income_proof: reasons.income_proof });
    await findHeading('Welcome Back');
    expect(screen.getByText('The PAN image is blurred')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    const alert = await screen.findByText('Upload these first: PAN card image, Income proof');
    expect(alert.getAttribute('role')).toBe('alert');
    await waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('button', { name: 'Choose file' })[0]));
  });

  it('after one upload: one banner heading, the rest still asked, and what was sent says so', async () => {
    const { user } = open({ pan_image_upload: reasons.pan_image_upload, income_proof: reasons.income_proof });
    await findHeading('Welcome Back');
    expect(screen.getAllByRole('heading', { name: 'Documents Need Re-upload' })).toHaveLength(1);
    await user.upload(await screen.findByLabelText('PAN card image'), jpeg());
    const [panUpload] = screen.getAllByRole<HTMLButtonElement>('button', { name: 'Upload' });
    await waitFor(() => expect(panUpload!.disabled).toBe(false));
    await user.click(panUpload!);
    expect(await screen.findByText(/Uploaded Again: PAN card image/)).toBeTruthy();
    expect(screen.queryByLabelText('PAN card image')).toBeNull();
    expect(screen.getByLabelText('Income proof')).toBeTruthy();
    expect(screen.getAllByRole('heading', { name: 'Documents Need Re-upload' })).toHaveLength(1);
  });

  it('once every document is sent and the selfie is left, the documents banner goes and Continue leads to the selfie', async () => {
    const { user, path } = open({ pan_image_upload: reasons.pan_image_upload, liveliness_detection: reasons.liveliness_detection });
    await findHeading('Welcome Back');
    await user.upload(await screen.findByLabelText('PAN card image'), jpeg());
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Upload' }).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(/Uploaded Again: PAN card image/)).toBeTruthy();
    expect(screen.queryByText('Documents Need Re-upload')).toBeNull();
    expect(screen.getByText('The selfie is too dark')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(path()).toBe('/verify-image'));
    // The retake says why it is asked again.
    expect(await screen.findByText('Our verification team asked for a new photo: The selfie is too dark')).toBeTruthy();
  });

  it('a rejected signature can be drawn again, not only uploaded as a file', async () => {
    open({ signature: reasons.signature });
    await findHeading('Welcome Back');
    expect(await screen.findByRole('button', { name: 'Draw Signature' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload Signature' })).toBeTruthy();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { isFormPage, type FormPageConfig } from '../../core/engine/config-types';
import { errorReply, type Reply } from '../app/support/adapter';
import { answerPan } from './support/pan-routes';
import { renderFormApp } from './support/render-form-app';

// The copy the page must show comes from flow-config/pages/pan.json itself.
const panPage = defaultBundle.pageFiles['flow-config/pages/pan.json']?.pages['/verify-pan'];
if (!panPage || !isFormPage(panPage)) throw new Error('flow-config/pages/pan.json has no form page /verify-pan');
const copy = (panPage as FormPageConfig).copy;

const applicant = { phone: '9876543210', email: 'asha@example.in', currentStep: 'email_verification', nextStep: 'pan_verification' };

function openPan(path = '/verify-pan', check?: () => Reply | Promise<Reply>) {
  const app = renderFormApp({ path, user: applicant });
  answerPan(app.server, app.user, defaultBundle.flow, check);
  return { ...app, user: userEvent.setup() };
}

async function fields() {
  const pan = await screen.findByPlaceholderText<HTMLInputElement>('Your 10 digit PAN Number', {}, { timeout: 10_000 }); // the first render loads the form's chunks
  // The date widget's code loads on first use; a disabled stand-in holds its place until then.
  await waitFor(() => expect(document.querySelector('.onboard-date-input')).not.toBeNull());
  const dob = screen.getByPlaceholderText<HTMLInputElement>('Date of birth (in DD/MM/YYYY)');
  const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Verify and Continue' });
  return { pan, dob, submit };
}

/** Date first: Enter commits a typed date, and with a valid PAN already there it would also submit the form. */
async function fill(user: ReturnType<typeof userEvent.setup>, panText: string, dobText = '15/08/1990') {
  const { pan, dob, submit } = await fields();
  await user.click(dob);
  await user.type(dob, `${dobText}{Enter}`);
  await user.type(pan, panText);
  return { pan, dob, submit };
}

const fieldOf = (input: HTMLElement): HTMLElement => input.closest<HTMLElement>('.onboard-field') ?? input;

describe('the PAN page, entirely from flow-config/pages/pan.json', () => {
  it('shows the copy from config: heading, subtitle, labels, placeholders, consent and button', async () => {
    openPan();
    await fields();
    expect(screen.getByRole('heading', { level: 1, name: copy.title })).toBeTruthy();
    expect(screen.getByText(copy.subtitle!)).toBeTruthy();
    expect(screen.getByLabelText('PAN Number')).toBeTruthy();
    expect(screen.getByText('Date of Birth')).toBeTruthy();
    expect(screen.getByText(copy.consent!)).toBeTruthy();
    expect(copy.consent).toMatch(/^By clicking Verify and Continue, you authorize .+ to access and update your KYC details through the KRA registry, the central KYC registry \(CKYC\) and DigiLocker/);
  });

  it("shows 'Enter valid PAN Number' for a 10-character PAN in the wrong format", async () => {
    const { user } = openPan();
    const { pan } = await fields();
    await user.type(pan, 'abcd12345f');
    expect(pan.value).toBe('ABCD12345F');
    expect(within(fieldOf(pan)).getByRole('alert').textContent).toBe('Enter valid PAN Number');
  });

  it('keeps submit disabled until the PAN is valid and a date of birth is chosen', async () => {
    const { user } = openPan();
    const { pan, dob, submit } = await fields();
    expect(submit.disabled).toBe(true);
    await user.type(pan, 'ABCPE1234');
    expect(submit.disabled).toBe(true); // 9 characters
    await user.keyboard('F');
    expect(pan.value).toBe('ABCPE1234F');
    expect(submit.disabled).toBe(true); // no date of birth yet
    await user.click(dob);
    await user.type(dob, '15/08/1990');
    await user.tab();
    await waitFor(() => expect(submit.disabled).toBe(false));
    await user.clear(pan);
    await user.type(pan, 'ABCP11234F');
    expect(submit.disabled).toBe(true); // full length, wrong format
  });

  it("verifies, says 'PAN card Verified Successfully!' and goes to the first route of the next step", async () => {
    const app = openPan();
    const { submit } = await fill(app.user, 'ABCPE1234F');
    await app.user.click(submit);
    await screen.findByText('PAN card Verified Successfully!');
    await waitFor(() => expect(app.path()).toBe('/kyc-verification'));
    expect(app.server.calls('POST /user/pan-number').map((r) => r.body)).toEqual([{ pan: 'ABCPE1234F', dateOfBirth: '15/08/1990' }]);
    expect(app.server.calls('POST /user/confirm-pan')).toHaveLength(1);
  });

  it('submits on Enter once the form is valid', async () => {
    const app = openPan();
    const { pan } = await fill(app.user, 'ABCPE1234F');
    await app.user.type(pan, '{Enter}');
    await waitFor(() => expect(app.path()).toBe('/kyc-verification'));
  });

  it("shows the server's message on failure and keeps what was typed", async () => {
    const app = openPan('/verify-pan', () => errorReply(400, 'Date of birth does not match PAN records'));
    const { pan, dob, submit } = await fill(app.user, 'ABCPE1111F');
    await app.user.click(submit);
    await screen.findByText('Date of birth does not match PAN records');
    expect(app.path()).toBe('/verify-pan');
    expect(pan.value).toBe('ABCPE1111F');
    expect(dob.value).toBe('15/08/1990');
    await waitFor(() => expect(submit.disabled).toBe(false)); // ready for another try
    expect(app.server.calls('POST /user/confirm-pan')).toHaveLength(0);
  });

  it("says 'PAN card verification failed!' when the server gives no message", async () => {
    const app = openPan('/verify-pan', () => ({ status: 500, body: {} }));
    const { submit } = await fill(app.user, 'ABCPE1234F');
    await app.user.click(submit);
    await screen.findByText('PAN card verification failed!');
    expect(app.path()).toBe('/verify-pan');
  });

  it('shows the loading overlay with its copy while verification runs', async () => {
    let answer: (reply: Reply) => void = () => {};
    const app = openPan('/verify-pan', () => new Promise<Reply>((resolve) => (answer = resolve)));
    const { pan, submit } = await fill(app.user, 'ABCPE9999F');
    expect(screen.queryByText(copy.loading!)).toBeNull();
    await app.user.click(submit);
    await screen.findByText(copy.loading!);
    expect(pan.disabled).toBe(true);
    expect(submit.disabled).toBe(true);
    answer({ status: 200, body: { pan: 'ABCPE9999F', dateOfBirth: '15/08/1990', name: 'RAVI PATEL' } });
    await waitFor(() => expect(app.path()).toBe('/kyc-verification'));
    expect(screen.queryByText(copy.loading!)).toBeNull();
  });
});

describe('/change-dob', () => {
  it('is the same form with a back action to /verify-pan', async () => {
    const app = openPan('/change-dob');
    await fields();
    expect(screen.getByRole('heading', { level: 1, name: 'Change your Date of Birth' })).toBeTruthy();
    await app.user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(app.path()).toBe('/verify-pan'));
    await screen.findByRole('heading', { level: 1, name: copy.title });
  });
});

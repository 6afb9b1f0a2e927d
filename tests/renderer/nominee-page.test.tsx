import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearPincodeCache } from '../../src/api/pincode';
import type { UserDetails } from '../../core/api/types';
import { defaultBundle } from '../../src/config/bundle';
import { isFormPage, mergePages, type ConfigBundle } from '../../core/engine/config-types';
import type { StepValidatorSource } from '../../src/renderer/form/validators';
import { errorReply } from '../app/support/adapter';
import { answerPincodes, answerStep, formDataOf } from './support/document-routes';
import { adultNominee, minorNominee, withMaxNominees } from './support/nominees';
import { renderFormApp } from './support/render-form-app';

afterEach(clearPincodeCache);
// Whole-app renders of a long form, queried by role (jsdom works out every element's role and name): 11-21 s for
// the first tests at load 5-10 on a shared 2-core machine, so three times that.
vi.setConfig({ testTimeout: 60_000 });

function openNominees(nominees?: Record<string, unknown>[], config?: { bundle: ConfigBundle; validators: StepValidatorSource }) {
  const app = renderFormApp({
    path: '/add-nominee',
    user: { currentStep: 'signature', nextStep: 'nominee', ...(nominees ? { nominees } : {}) } as Partial<UserDetails>,
    ...(config ?? {}),
  });
  answerPincodes(app.server);
  answerStep(app.server, app.user, defaultBundle.flow, 'POST /user/add-nominee', 'nominee', 'Nominee Details Saved!');
  answerStep(app.server, app.user, defaultBundle.flow, 'POST /user/skip-nominee', 'nominee', 'Nominee skipped');
  return { ...app, events: userEvent.setup() };
}

// The first render loads rjsf and the widgets' chunks: slow on a busy machine.
const save = () => screen.findByRole('button', { name: 'Save' }, { timeout: 10_000 });
const addButton = () => screen.getByRole<HTMLButtonElement>('button', { name: '+ Add another nominee details' });
const nomineeCards = () => document.querySelectorAll('.onboard-array-item');
const fieldOf = (id: string): HTMLElement => document.getElementById(id)!.closest<HTMLElement>('.onboard-field')!;
const guardianShown = (index: number) => document.getElementById(`root_nominees_${index}_guardianName`) !== null;

describe('/add-nominee: the repeater', () => {
  it('starts with one nominee, no Remove, and the add and skip actions', async () => {
    openNominees();
    await save();
    expect(screen.getByRole('heading', { name: 'Nominee 1' })).toBeTruthy();
    expect(addButton().disabled).toBe(false);
    expect(screen.getByRole('button', { name: 'Skip' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('offers Remove on nominees after the first, and Remove takes that nominee away', async () => {
    const app = openNominees();
    await save();
    await app.events.click(addButton());
    await app.events.click(addButton());
    expect(nomineeCards()).toHaveLength(3);
    const removes = screen.getAllByRole('button', { name: 'Remove' });
    expect(removes).toHaveLength(2); // nominees 2 and 3
    expect(within(nomineeCards()[0] as HTMLElement).queryByRole('button', { name: 'Remove' })).toBeNull();
    await app.events.click(removes[0]!);
    expect(nomineeCards()).toHaveLength(2);
    expect(screen.getAllByRole('heading', { name: /^Nominee \d$/ }).map((h) => h.textContent)).toEqual(['Nominee 1', 'Nominee 2']);
  });

  it.each([
    ['SEBI (10, as shipped)', 10, undefined],
    ['the spec (3, in a copy of flow.json)', 3, withMaxNominees(3)],
  ])("says how many, and disables '+ Add another nominee details' at settings.maxNominees: %s", async (_name, max, config) => {
    // One short of the maximum (given as the applicant's earlier answers), so the test adds just the last one.
    const app = openNominees(Array.from({ length: max - 1 }, () => adultNominee()), config);
    await save();
    expect(screen.getByText(`Who should receive your holdings? Name up to ${max} nominees; their shares must add up to 100%`)).toBeTruthy();
    // Plain selectors here: role queries over ten nominee forms take tens of seconds in jsdom.
    const add = () => document.querySelector<HTMLButtonElement>('.onboard-array-add')!;
    const removes = () => [...document.querySelectorAll('.onboard-array-item-head button:not(.onboard-array-item-fold)')].map((button) => button.textContent);
    expect(add().textContent).toBe('+ Add another nominee details');
    expect(nomineeCards()).toHaveLength(max - 1);
    expect(add().disabled).toBe(false);
    await app.events.click(add());
    expect(nomineeCards()).toHaveLength(max);
    expect(add().disabled).toBe(true);
    expect(removes()).toEqual(Array.from({ length: max - 1 }, () => 'Remove'));
  }, 60_000);

  it('shows the guardian fields only for a nominee under 18', async () => {
    const app = openNominees([adultNominee({ sharePercentage: 50 }), adultNominee({ sharePercentage: 50, dateOfBirth: undefined })]);
    await save();
    expect(guardianShown(0)).toBe(false);
    expect(guardianShown(1)).toBe(false); // no date of birth yet
    await waitFor(() => expect(document.querySelectorAll('.onboard-date-input')).toHaveLength(2));
    const dob = document.getElementById('root_nominees_1_dateOfBirth') as HTMLInputElement;
    await app.events.click(dob);
    await app.events.type(dob, `01/01/${new Date().getFullYear() - 5}{Enter}`);
    await waitFor(() => expect(guardianShown(1)).toBe(true));
    for (const field of ['guardianName', 'guardianRelation', 'guardianPhone', 'guardianEmail', 'guardianAddress', 'guardianPincode']) {
      expect(document.getElementById(`root_nominees_1_${field}`), field).not.toBeNull();
    }
    expect(guardianShown(0)).toBe(false);
  });
});

describe('/add-nominee: Save', () => {
  it("saves two nominees 60/40, one a minor, as multipart and says 'Nominee Details Saved!'", async () => {
    const app = openNominees([adultNominee({ sharePercentage: 60 }), minorNominee({ sharePercentage: 40 })]);
    expect(guardianShown(1)).toBe(false); // not rendered yet
    await app.events.click(await save());
    await screen.findByText('Nominee Details Saved!');
    await waitFor(() => expect(app.path()).toBe('/add-income-details'));
    const [request] = app.server.calls('POST /user/add-nominee');
    const body = formDataOf(request!);
    const sent = JSON.parse(String(body.get('nomineeDetails'))) as Record<string, unknown>[];
    expect(sent.map((n) => n.documentProof)).toEqual(['documentProof_0', 'documentProof_1']);
    expect(sent[0]).toMatchObject({ firstName: 'Asha', city: 'Bengaluru', state: 'Karnataka', country: 'India', sharePercentage: 60 });
    expect(sent[1]).toMatchObject({ firstName: 'Kiran', guardianName: 'Ravi Rao', guardianCity: 'Mumbai', guardianState: 'Maharashtra', sharePercentage: 40 });
    expect(sent[0]).not.toHaveProperty('guardianName');
    expect((body.get('documentProof_0') as File).name).toBe('aadhaar.jpg');
    expect(body.get('documentProof_1')).toBeInstanceOf(File);
    expect([...body.keys()].sort()).toEqual(['documentProof_0', 'documentProof_1', 'nomineeDetails']);
  });

  it("refuses invalid details with a red 'Invalid Details' toast and focuses the first error", async () => {
    const app = openNominees([adultNominee({ firstName: '', sharePercentage: 100 })]);
    await app.events.click(await save());
    await screen.findByText('Invalid Details');
    expect(screen.getByText('Please fill all the details correctly')).toBeTruthy();
    expect(document.querySelector('.ant-message-notice-error, .ant-message-error')).not.toBeNull();
    expect(within(fieldOf('root_nominees_0_firstName')).getByRole('alert').textContent).toBe('Name cannot be empty');
    expect(document.activeElement?.id).toBe('root_nominees_0_firstName');
    expect(app.server.calls('POST /user/add-nominee')).toHaveLength(0);
  });

  it("marks an unknown pincode 'Pincode is invalid' and refuses to save: 'Make sure all the pincode are valid'", async () => {
    const app = openNominees([adultNominee({ pincode: '999999', sharePercentage: 100 })]);
    await save();
    await waitFor(() => expect(within(fieldOf('root_nominees_0_pincode')).getByRole('alert').textContent).toBe('Pincode is invalid'));
    await app.events.click(await save());
    await screen.findByText('Make sure all the pincode are valid');
    expect(app.server.calls('POST /user/add-nominee')).toHaveLength(0);
    expect(app.path()).toBe('/add-nominee');
  });

  it("checks the guardian's pincode too", async () => {
    const app = openNominees([adultNominee({ sharePercentage: 50 }), minorNominee({ sharePercentage: 50, guardianPincode: '123456' })]);
    await app.events.click(await save());
    await screen.findByText('Make sure all the pincode are valid');
    await waitFor(() => expect(within(fieldOf('root_nominees_1_guardianPincode')).getByRole('alert').textContent).toBe('Pincode is invalid'));
    expect(app.server.calls('POST /user/add-nominee')).toHaveLength(0);
  });

  it('shows the place of a known pincode under the field, looked up once', async () => {
    const app = openNominees([adultNominee({ sharePercentage: 50 }), adultNominee({ sharePercentage: 50 })]);
    await save();
    await waitFor(() => expect(within(fieldOf('root_nominees_0_pincode')).getByText('Bengaluru, Karnataka')).toBeTruthy());
    expect(within(fieldOf('root_nominees_1_pincode')).getByText('Bengaluru, Karnataka')).toBeTruthy();
    expect(app.server.calls('GET /utils/pincode/560001')).toHaveLength(1);
  });

  it("refuses shares that do not add up to 100: 'Total percentage of all nominees must be equal to 100'", async () => {
    const app = openNominees([adultNominee({ sharePercentage: 60 }), adultNominee({ sharePercentage: 30 })]);
    await app.events.click(await save());
    await screen.findByText('Total percentage of all nominees must be equal to 100');
    expect(app.server.calls('POST /user/add-nominee')).toHaveLength(0);
  });

  it("shows the server's message when it refuses the nominees", async () => {
    const app = openNominees([adultNominee()]);
    app.server.on('POST /user/add-nominee', () => errorReply(400, 'Nominee proof must be a JPEG or PNG image'));
    await app.events.click(await save());
    await screen.findByText('Nominee proof must be a JPEG or PNG image');
    expect(app.path()).toBe('/add-nominee');
  });
});

describe('/add-nominee: Skip is the opt-out declaration', () => {
  const optOut = (() => {
    const page = mergePages(defaultBundle)['/add-nominee'];
    return page && isFormPage(page) ? page.form.skip!.declaration! : undefined;
  })()!;

  it('opens SEBI\'s declaration from config; confirming unticked says what is missing, and Cancel goes back without skipping', async () => {
    const app = openNominees();
    await save();
    await app.events.click(screen.getByRole('button', { name: 'Skip' }));
    const dialog = await screen.findByRole('dialog', { name: optOut.title });
    expect(within(dialog).getByText(optOut.text)).toBeTruthy();
    const box = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: optOut.tick });
    expect(box.checked).toBe(false);
    await app.events.click(within(dialog).getByRole('button', { name: optOut.confirm }));
    expect(within(dialog).getByRole('alert').textContent).toBe(optOut.missing);
    expect(document.activeElement).toBe(box);
    await app.events.click(within(dialog).getByRole('button', { name: optOut.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: optOut.title })).toBeNull());
    expect(app.server.calls('POST /user/skip-nominee')).toHaveLength(0);
  });

  it("ticked and confirmed: POST /user/skip-nominee (no body), an orange 'Nominee Details Skipped!' and moves on", async () => {
    const app = openNominees();
    await save();
    await app.events.click(screen.getByRole('button', { name: 'Skip' }));
    const dialog = await screen.findByRole('dialog', { name: optOut.title });
    await app.events.click(within(dialog).getByRole('checkbox', { name: optOut.tick }));
    await app.events.click(within(dialog).getByRole('button', { name: optOut.confirm }));
    const toast = await screen.findByText('Nominee Details Skipped!');
    expect(toast.closest('.ant-message-notice')?.querySelector('.anticon-exclamation-circle')).not.toBeNull();
    await waitFor(() => expect(app.path()).toBe('/add-income-details'));
    expect(app.server.calls('POST /user/skip-nominee')).toHaveLength(1);
    expect(app.server.calls('POST /user/add-nominee')).toHaveLength(0);
  });
});

describe("/add-nominee: an opt-out verified by OTP (the skip declaration's verify: 'otp')", () => {
  // A copy of the bundle whose nominee page says 'otp'.
  const bundle = structuredClone(defaultBundle);
  const page = mergePages(bundle)['/add-nominee'];
  const declaration = page && isFormPage(page) ? page.form.skip!.declaration! : undefined;
  if (declaration) declaration.verify = 'otp';

  it('ticked, it sends a code to the mobile and one to the email; both typed, POST /user/skip-nominee carries them', async () => {
    if (!declaration?.otp) throw new Error('the nominee page has no opt-out OTP texts');
    const otp = declaration.otp;
    // antd's loading icon leaves with an animation jsdom never ends: the name may keep its 'loading' prefix.
    const confirmName = new RegExp(`${otp.confirm}$`);
    const app = openNominees(undefined, { bundle, validators: withMaxNominees(10).validators });
    app.server.on('POST /user/skip-nominee/codes', () => ({ status: 200, body: { message: 'We have sent a code to your mobile and to your email' } }));
    await save();
    await app.events.click(screen.getByRole('button', { name: 'Skip' }));
    const dialog = await screen.findByRole('dialog', { name: declaration.title });
    expect(within(dialog).getByText(otp.intro)).toBeTruthy();
    await app.events.click(within(dialog).getByRole('checkbox', { name: declaration.tick }));
    await app.events.click(within(dialog).getByRole('button', { name: otp.send }));
    await within(dialog).findByText(otp.sent);
    expect(app.server.calls('POST /user/skip-nominee/codes')).toHaveLength(1);
    const mobile = within(dialog).getByLabelText(`Code sent to +91 ${app.user.phone}`);
    const [, email] = within(dialog).getAllByRole('textbox');
    if (!email) throw new Error('no box for the email code');
    await app.events.click(await screen.findByRole('button', { name: confirmName }));
    expect((await screen.findByRole('alert')).textContent).toBe(otp.missing);
    expect(app.server.calls('POST /user/skip-nominee')).toHaveLength(0);
    expect(document.activeElement).toBe(mobile);
    await app.events.type(mobile, '12a34');
    await app.events.type(email, '5678');
    await app.events.click(screen.getByRole('button', { name: confirmName }));
    await waitFor(() => expect(app.path()).toBe('/add-income-details'));
    expect(app.server.calls('POST /user/skip-nominee').map((call) => call.body)).toEqual([{ mobileOtp: '1234', emailOtp: '5678' }]);
  });
});

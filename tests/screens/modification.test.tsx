import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { RJSFSchema } from '@rjsf/utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { UserDetails } from '../../core/api/types';
import { defaultBundle } from '../../src/config/bundle';
import { errorReply, type FakeRequest, type Reply } from '../app/support/adapter';
import { FakeServer, makeUser } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';
import { schemaMessage, schemaOptions } from '../fixtures/schema-texts';
import { tempStepSchemas } from '../fixtures/temp-schemas';
import { nodeValidators } from '../renderer/support/node-validators';
import { renderFormApp } from '../renderer/support/render-form-app';
import { loadStepSchemas } from '../../server/validation/step-schemas';

const labels = ['Gender', 'Marital Status', 'Occupation', 'Income Segment', 'Trading Experience', "Father's / Parent's Name", "Mother's Name"];

/** An applicant in modification; the fake server clears the personal_details rejection as the real one does. */
function open(signedIn: Partial<UserDetails>) {
  const server = new FakeServer(defaultBundle.flow);
  const posted: FakeRequest[] = [];
  server.on('POST /user/modification/details', (request) => {
    posted.push(request);
    const rejectedSteps = { ...(signedIn.rejectedSteps ?? {}) };
    delete rejectedSteps.personal_details;
    const done = Object.keys(rejectedSteps).length === 0;
    const user = makeUser({ ...signedIn, ...request.body, rejectedSteps, nextStep: done ? 'verification_pending' : 'modification' });
    return { status: 200, body: { message: 'Personal Details Saved!', user } };
  });
  const app = renderApp({ path: '/modification', server, signedIn: { nextStep: 'modification', ...signedIn } });
  return { ...app, posted, user: userEvent.setup() };
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Gender'), 'Male');
  await user.selectOptions(screen.getByLabelText('Marital Status'), 'Unmarried');
  await user.selectOptions(screen.getByLabelText('Occupation'), 'Student');
  await user.selectOptions(screen.getByLabelText('Income Segment'), '1-5 Lac');
  await user.selectOptions(screen.getByLabelText('Trading Experience'), 'Below 1 year');
  await user.type(screen.getByLabelText("Father's / Parent's Name"), 'Suresh Kumar');
  await user.type(screen.getByLabelText("Mother's Name"), 'Anita Kumar');
}

const optionTexts = (label: string) =>
  [...screen.getByLabelText<HTMLSelectElement>(label).options].slice(1).map((option) => option.textContent);

describe('modification: personal details', () => {
  it('asks the same questions from the personal-details config, with the same options and order', async () => {
    open({ rejectedSteps: { personal_details: {} } });
    await findHeading('Welcome Back');
    expect(screen.getByRole('heading', { level: 2, name: 'Personal Details' })).toBeTruthy();
    expect(screen.getByText('Please re-enter personal details')).toBeTruthy();
    for (const label of labels) expect(screen.getByLabelText(label)).toBeTruthy();
    // The lists of schemas/lists, as personal details offers them (income reversed, as its page asks).
    expect(optionTexts('Gender')).toEqual(schemaOptions('personal-details', 'gender'));
    expect(optionTexts('Income Segment')).toEqual([...schemaOptions('personal-details', 'incomeSegment')].reverse());
    expect(optionTexts('Occupation')).toEqual(schemaOptions('personal-details', 'occupation'));
    expect(screen.getByLabelText<HTMLInputElement>("Father's / Parent's Name").maxLength).toBe(30);
    // Personal details alone are rejected: no documents banner.
    expect(screen.queryByText('Documents Need Re-upload')).toBeNull();
  });

  it.each([
    ['Gender', 'gender'],
    ['Marital Status', 'maritalStatus'],
    ['Occupation', 'occupation'],
    ['Income Segment', 'incomeSegment'],
    ['Trading Experience', 'tradingExperience'],
    ["Father's / Parent's Name", 'fatherName'],
    ["Mother's Name", 'motherName'],
  ])("%s empty on Submit: personal details' required message for %s", async (label, name) => {
    const message = schemaMessage('personal-details', name, 'required');
    const { user, posted } = open({ rejectedSteps: { personal_details: {} } });
    await findHeading('Welcome Back');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const field = screen.getByLabelText(label);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    expect(posted).toHaveLength(0);
  });

  it("a reworded personal-details message is modification's too: written once, by $ref", async () => {
    const reworded = "Please enter your father's name";
    const dir = tempStepSchemas((schemas) => {
      const text = JSON.stringify(schemas['personal-details']).replaceAll(schemaMessage('personal-details', 'fatherName', 'required'), reworded);
      schemas['personal-details'] = JSON.parse(text) as Record<string, unknown>;
    });
    try {
      const schemas = Object.fromEntries(loadStepSchemas(dir).map(({ id, schema }) => [id, schema as RJSFSchema]));
      renderFormApp({ path: '/modification', user: { nextStep: 'modification', rejectedSteps: { personal_details: {} } }, validators: nodeValidators(schemas) });
      await findHeading('Welcome Back');
      await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
      const father = screen.getByLabelText("Father's / Parent's Name");
      expect(document.getElementById(father.getAttribute('aria-describedby')!)?.textContent).toBe(reworded);
    } finally {
      rmSync(dirname(dir), { recursive: true, force: true });
    }
  });

  it('a name of spaces only is still required; a fixed field loses its message', async () => {
    const { user } = open({ rejectedSteps: { personal_details: {} } });
    await findHeading('Welcome Back');
    await user.type(screen.getByLabelText("Mother's Name"), '    ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText(schemaMessage('personal-details', 'motherName', 'minLength'))).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Gender'), 'Female');
    expect(screen.queryByText(schemaMessage('personal-details', 'gender', 'required'))).toBeNull();
    expect(screen.getByText(schemaMessage('personal-details', 'maritalStatus', 'required'))).toBeTruthy();
  });

  it('sends gender and marital status lowercase, toasts, and continues when nothing else is rejected', async () => {
    const { user, posted, path } = open({ rejectedSteps: { personal_details: { reason: 'Name mismatch' } } });
    await findHeading('Welcome Back');
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Personal Details Saved!')).toBeTruthy();
    expect(posted.map((request) => request.body)).toEqual([
      {
        gender: 'male',
        maritalStatus: 'unmarried',
        occupation: 'Student',
        incomeSegment: '1-5 Lac',
        tradingExperience: 'Below 1 year',
        fatherName: 'Suresh Kumar',
        motherName: 'Anita Kumar',
      },
    ]);
    await waitFor(() => expect(path()).toBe('/completed'));
  });

  it('starts from the previous answers, matching lowercase values to the options', async () => {
    const { user, posted } = open({
      rejectedSteps: { personal_details: {} },
      gender: 'female',
      maritalStatus: 'married',
      occupation: 'Business',
      incomeSegment: '5-10 Lac',
      tradingExperience: 'More than 5 years',
      fatherName: 'Old Father',
      motherName: 'Old Mother',
    });
    await findHeading('Welcome Back');
    expect(screen.getByLabelText<HTMLSelectElement>('Gender').selectedOptions[0]?.textContent).toBe('Female');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toMatchObject({ gender: 'female', maritalStatus: 'married', fatherName: 'Old Father' });
  });
});

describe('modification: other rejected steps', () => {
  it('with documents also rejected: the banner, the form first, then the remaining steps with their labels', async () => {
    const { user } = open({ rejectedSteps: { personal_details: {}, signature: {}, income_proof: {} } });
    await findHeading('Welcome Back');
    expect(screen.getByText('Documents Need Re-upload')).toBeTruthy();
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const attention = await screen.findByRole('heading', { level: 2, name: /Steps requiring Attention/ });
    expect(within(attention).getByText('2')).toBeTruthy();
    expect(screen.getByText('Upload signature again')).toBeTruthy();
    expect(screen.getByText('Re-upload bank statement')).toBeTruthy();
    expect(screen.queryByLabelText('Gender')).toBeNull();
  });

  it.each([
    ['pan_image_upload', 'Upload PAN image again'],
    ['signature', 'Upload signature again'],
    ['income_proof', 'Re-upload bank statement'],
  ])('only %s rejected: listed as %j with its re-upload, no form', async (step, label) => {
    open({ rejectedSteps: { [step]: {} } });
    await findHeading('Welcome Back');
    expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Documents Need Re-upload' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true); // no file chosen yet
    expect(screen.getByRole('button', { name: 'Done' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('with no rejections: no blank page but Continue, which asks the server for the next step', async () => {
    const { user, path, server } = open({ rejectedSteps: {} });
    await findHeading('Welcome Back');
    expect(screen.getByText('Nothing needs your attention now')).toBeTruthy();
    server.on('GET /user', () => ({ status: 200, body: { user: makeUser({ currentStep: 'modification', nextStep: 'bank_details' }) } }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(path()).toBe('/link-bank-account'));
  });
});

/** The body the page posted: multipart, as the server reads it. */
const sentFields = (request: FakeRequest | undefined): Record<string, string | File> =>
  Object.fromEntries([...((request?.config.data as FormData | undefined)?.entries() ?? [])]);

function openDocuments(rejectedSteps: UserDetails['rejectedSteps'], answer: (request: FakeRequest) => Reply) {
  const app = open({ rejectedSteps });
  app.server.on('POST /user/modification/document', answer);
  return app;
}

const pdf = (name = 'statement.pdf') => new File(['%PDF-1.7\n%%EOF\n'], name, { type: 'application/pdf' });
const jpeg = (name = 'pan.jpg') => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], name, { type: 'image/jpeg' });

describe('modification: document re-upload (a form from config per rejected document)', () => {
  it('income proof: its type is asked, the password only once ticked; file, step, type and password sent as multipart', async () => {
    const { user, server } = openDocuments({ income_proof: {} }, (request) => {
      const step = String(sentFields(request).step);
      return { status: 200, body: { message: 'Document uploaded successfully!', step, user: makeUser({ nextStep: 'verification_pending', rejectedSteps: {} }) } };
    });
    await findHeading('Welcome Back');
    const upload = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Upload' });
    expect(upload().disabled).toBe(true);
    await user.upload(await screen.findByLabelText('Income proof'), pdf());
    expect(await screen.findByText(/statement\.pdf/)).toBeTruthy();
    // A type is still needed.
    expect(upload().disabled).toBe(true);
    await user.selectOptions(screen.getByLabelText('Document type'), 'Bank Statement');
    expect(screen.queryByLabelText('PDF password')).toBeNull();
    await user.click(screen.getByLabelText('This PDF is password protected'));
    await user.type(screen.getByLabelText('PDF password'), 'Right-Pass#2026');
    await waitFor(() => expect(upload().disabled).toBe(false));
    await user.click(upload());
    expect(await screen.findByText('Document uploaded successfully!')).toBeTruthy();
    const sent = sentFields(server.calls('POST /user/modification/document')[0]);
    expect({ ...sent, data: (sent.data as File).name }).toEqual({ data: 'statement.pdf', step: 'income_proof', document_type: 'bank_statement', password: 'Right-Pass#2026' });
  });

  it("PAN image: no proof type; a refused upload shows the server's words and clears the file, the document stays", async () => {
    const { user, server } = openDocuments({ pan_image_upload: {}, signature: {} }, () => errorReply(415, 'Document must be a JPEG, PNG, PDF, DOCX or plain text file'));
    await findHeading('Welcome Back');
    expect(screen.queryByLabelText('Document type')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Upload' })).toHaveLength(2);
    await user.upload(await screen.findByLabelText('PAN card image'), jpeg());
    expect(await screen.findByText(/pan\.jpg/)).toBeTruthy();
    const [panUpload] = screen.getAllByRole<HTMLButtonElement>('button', { name: 'Upload' });
    await waitFor(() => expect(panUpload!.disabled).toBe(false));
    await user.click(panUpload!);
    expect(await screen.findByText('Document must be a JPEG, PNG, PDF, DOCX or plain text file')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(/pan\.jpg/)).toBeNull());
    expect(screen.getByText('Upload PAN image again')).toBeTruthy();
    expect(sentFields(server.calls('POST /user/modification/document')[0]).step).toBe('pan_image_upload');
    expect(screen.getAllByRole<HTMLButtonElement>('button', { name: 'Upload' })[0]!.disabled).toBe(true);
  });
});

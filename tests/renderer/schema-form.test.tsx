import { render as renderAlone, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { formWidgets } from '../../src/app/form-widgets';
import { ConfigProvider } from '../../src/config/config-context';
import { FormWidgetsContext } from '../../src/renderer/widget-set';
import { applyCopy } from '../../src/renderer/form/copy';
import { SchemaForm, type StepUiSchema } from '../../src/renderer/form/schema-form';
import { getStepValidator, loadStepValidator } from '../../src/renderer/form/validators';

/** A form as the app mounts it: under the config, whose shared texts (a yes/no's answers) the form reads, with the app's widgets. */
const withConfig = ({ children }: { children: ReactNode }) => (
  <ConfigProvider bundle={defaultBundle}>
    <FormWidgetsContext value={formWidgets}>{children}</FormWidgetsContext>
  </ConfigProvider>
);
const render = (ui: ReactElement) => renderAlone(ui, { wrapper: withConfig });

// As flow-config would give it for /verify-pan.
const panUi: StepUiSchema = {
  'ui:options': { disableSubmitWhenInvalid: true },
  pan: { 'ui:widget': 'uppercaseText' },
  dateOfBirth: { 'ui:widget': 'dateInput' },
};
const panCopy = {
  title: 'Verify your PAN',
  consent: 'By clicking Next you authorise us to fetch your KYC details.',
  submit: 'Verify and Continue',
  'pan.label': 'PAN Number',
  'pan.placeholder': 'Your 10 digit PAN Number',
  'dateOfBirth.label': 'Date of Birth',
  'dateOfBirth.placeholder': 'Date of birth (in DD/MM/YYYY)',
};

function renderPan(onSubmit = vi.fn(), formData: Record<string, unknown> = { dateOfBirth: '15/08/1990' }) {
  render(<SchemaForm schemaId="pan" uiSchema={panUi} copy={panCopy} formData={formData} onSubmit={onSubmit} />);
  return { onSubmit, pan: screen.getByPlaceholderText('Your 10 digit PAN Number'), submit: screen.getByRole('button', { name: 'Verify and Continue' }) };
}

function fieldOf(input: HTMLElement): HTMLElement {
  const field = input.closest<HTMLElement>('.onboard-field');
  if (!field) throw new Error('input outside a field');
  return field;
}

describe('SchemaForm before its validators have loaded', () => {
  it('shows a spinner, then the form once the step\'s chunk is in', async () => {
    expect(getStepValidator('signed-declaration')).toBeUndefined();
    render(<SchemaForm schemaId="signed-declaration" onSubmit={vi.fn()} submitLabel="Save" />);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Save' })).toBeTruthy();
    expect(getStepValidator('signed-declaration')).toBeDefined();
  });

  it('an unknown schema id fails at once, naming it', () => {
    expect(() => getStepValidator('no-such-step')).toThrow("No step schema 'no-such-step'");
  });
});

// The rest render as a page would after its chunk arrived.
await Promise.all(['pan', 'modification-details'].map(loadStepValidator));

describe('SchemaForm with the PAN schema', () => {
  it('shows the copy from config: title, labels, placeholders, consent and button label', async () => {
    renderPan();
    // The date widget's code loads on first use; the field's placeholder holds the place meanwhile.
    await waitFor(() => expect(document.querySelector('.onboard-date-input')).not.toBeNull());
    expect(screen.getByRole('heading', { name: 'Verify your PAN' })).toBeTruthy();
    expect(screen.getByLabelText('PAN Number')).toBeTruthy();
    expect(screen.getByPlaceholderText('Date of birth (in DD/MM/YYYY)')).toBeTruthy();
    expect(screen.getByText(/authorise us to fetch your KYC details/)).toBeTruthy();
    expect(screen.queryByText('PAN verification')).toBeNull(); // the schema's own title is not copy
  });

  it('shows the schema message under the field after an invalid PAN is typed, not before', async () => {
    const user = userEvent.setup();
    const { pan } = renderPan();
    await user.type(pan, 'ABCDE1234');
    expect(within(fieldOf(pan)).queryByRole('alert')).toBeNull(); // still typing: no scolding yet
    await user.tab();
    expect(within(fieldOf(pan)).getByRole('alert').textContent).toBe('Enter valid PAN Number');
  });

  it('judges a PAN at its 10th character without waiting for blur', async () => {
    const user = userEvent.setup();
    const { pan } = renderPan();
    await user.type(pan, 'ABCD12345F');
    expect(within(fieldOf(pan)).getByRole('alert').textContent).toBe('Enter valid PAN Number');
    await user.clear(pan);
    await user.type(pan, 'ABCDE1234F');
    expect(within(fieldOf(pan)).queryByRole('alert')).toBeNull();
  });

  it('forces uppercase, drops other characters and stops at 10', async () => {
    const user = userEvent.setup();
    const { pan } = renderPan();
    await user.type(pan, 'abc-de 1234fXYZ');
    expect((pan as HTMLInputElement).value).toBe('ABCDE1234F');
  });

  it('keeps submit disabled until the form is valid, then hands the data to onSubmit', async () => {
    const user = userEvent.setup();
    const { pan, submit, onSubmit } = renderPan();
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    await user.type(pan, 'ABCDE1234F');
    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(false));
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledWith({ pan: 'ABCDE1234F', dateOfBirth: '15/08/1990' });
  });

  it('submits on Enter when valid, and drops fields the schema does not know', async () => {
    const user = userEvent.setup();
    const { pan, onSubmit } = renderPan(vi.fn(), { dateOfBirth: '15/08/1990', phone: '9876543210' });
    await user.type(pan, 'ABCDE1234F{Enter}');
    expect(onSubmit).toHaveBeenCalledWith({ pan: 'ABCDE1234F', dateOfBirth: '15/08/1990' });
  });

  it('disables everything while `disabled` (a request is running)', () => {
    render(<SchemaForm schemaId="pan" uiSchema={panUi} copy={panCopy} onSubmit={vi.fn()} disabled submitLabel="Verifying" />);
    expect((screen.getByPlaceholderText('Your 10 digit PAN Number') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Verifying' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('SchemaForm required messages', () => {
  it('puts "{field} is required" under each field on submit, with no list above the form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SchemaForm schemaId="modification-details" formData={{ gender: 'male', fatherName: 'Ramesh' }} onSubmit={onSubmit} submitLabel="Save" />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).not.toHaveBeenCalled();
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      'Marital Status is required',
      'Occupation is required',
      'Income Segment is required',
      'Trading Experience is required',
      'Mother Name is required',
    ]);
    expect(within(fieldOf(screen.getByLabelText('Mother Name'))).getByRole('alert').textContent).toBe('Mother Name is required');
  });

  it('an unknown schema id fails naming it', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SchemaForm schemaId="pan_details" onSubmit={vi.fn()} />)).toThrow(/No step schema 'pan_details'/);
  });
});

describe('applyCopy', () => {
  it('writes labels, placeholders and help into a copy of the uiSchema', () => {
    const ui: StepUiSchema = { pan: { 'ui:widget': 'uppercaseText' } };
    const out = applyCopy(ui, { 'pan.placeholder': 'PAN', 'address.city.label': 'City', title: 'ignored here' });
    expect(out).toEqual({ pan: { 'ui:widget': 'uppercaseText', 'ui:placeholder': 'PAN' }, address: { city: { 'ui:title': 'City' } } });
    expect(ui).toEqual({ pan: { 'ui:widget': 'uppercaseText' } });
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { externalNavigation } from '../../src/app/external-navigation';
import { defaultBundle } from '../../src/config/bundle';
import type { ConfigBundle, ScreenPageConfig } from '../../core/engine/config-types';
import { errorReply, type FakeRequest, type Reply } from '../app/support/adapter';
import { FakeServer, makeUser } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';

/** A first render or a poll on a busy machine can take seconds. */
const slow = { timeout: 8000 };

const signedIn = { nextStep: 'income_proof', currentStep: 'nominee' };
const afterProof = { currentStep: 'income_proof', nextStep: 'aadhaar_e_sign_documents' };
const pdfBytes = '%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

/** The body the screen posted: multipart, as the server reads it. */
const fields = (request: FakeRequest | undefined): Record<string, string | File> =>
  Object.fromEntries([...((request?.config.data as FormData | undefined)?.entries() ?? [])]);

function open(options: { bundle?: ConfigBundle; answer?: (request: FakeRequest) => Reply } = {}) {
  const server = new FakeServer(defaultBundle.flow);
  server.on('POST /user/income-proof', (request) => {
    if (options.answer) return options.answer(request);
    const sent = fields(request);
    if (sent.account_aggregator_flow === 'true') return { status: 200, body: { redirectionUrl: '/dev/aa/consent/CONSENT1', consentId: 'CONSENT1' } };
    const message = sent.skip === 'true' ? 'Fno Trade Activation Skipped!' : 'Income proof uploaded successfully';
    return { status: 200, body: { message, user: makeUser(afterProof) } };
  });
  const app = renderApp({ path: '/add-income-details', server, signedIn, ...(options.bundle ? { bundle: options.bundle } : {}) });
  return { ...app, user: userEvent.setup() };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const card = (name: RegExp) => screen.getByRole('radio', { name });

async function toManual(user: ReturnType<typeof userEvent.setup>) {
  await findHeading('Enable F&O Trading');
  await user.click(card(/Upload Income Proof/));
  await user.click(button(/^Next$/));
  await findHeading('Upload Income Proof');
  // The form's code loads when it is first shown.
  await screen.findByLabelText('Document type');
}

const pdf = (name = 'salary-slip.pdf', content: BlobPart = pdfBytes) => new File([content], name, { type: 'application/pdf' });

describe('/add-income-details: the choice', () => {
  afterEach(() => vi.restoreAllMocks());

  it('offers the aggregator (recommended, chosen by default) and manual upload, with Skip and Next', async () => {
    open();
    await findHeading('Enable F&O Trading');
    const automatic = card(/Automatic Verification/);
    expect(automatic.getAttribute('aria-checked')).toBe('true');
    expect(within(automatic).getByText('Recommended')).toBeTruthy();
    expect(card(/Upload Income Proof/).getAttribute('aria-checked')).toBe('false');
    expect(button(/Skip/)).toBeTruthy();
  });

  it("with no choice (config without a default): 'Please select a verification type!' and nothing is sent", async () => {
    const bundle = structuredClone(defaultBundle);
    const page = bundle.pageFiles['flow-config/pages/income-proof.json']!.pages['/add-income-details'] as ScreenPageConfig;
    delete page.options!.defaultChoice;
    const { user, server } = open({ bundle });
    await findHeading('Enable F&O Trading');
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-checked'))).toEqual(['false', 'false']);
    await user.click(button(/^Next$/));
    expect(await screen.findByText('Please select a verification type!')).toBeTruthy();
    expect(server.calls('POST /user/income-proof')).toHaveLength(0);
  });

  it('the aggregator: account_aggregator_flow=true, the consent id kept, the browser sent to redirectionUrl', async () => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const { user, server } = open();
    await findHeading('Enable F&O Trading');
    await user.click(button(/^Next$/));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`${window.location.origin}/dev/aa/consent/CONSENT1`), slow);
    expect(fields(server.calls('POST /user/income-proof')[0])).toEqual({ account_aggregator_flow: 'true' });
    expect(sessionStorage.getItem('incomeProof:consentId')).toBe('CONSENT1');
  });

  it.each([
    ['a server failure shows its words', errorReply(503, 'Account aggregator is unavailable, please try again'), 'Account aggregator is unavailable, please try again'],
    ['a redirect that is not a web address is refused', { status: 200, body: { redirectionUrl: 'javascript:alert(1)', consentId: 'C' } }, 'Redirection error, Try again'],
  ])('%s', async (_name, reply, message) => {
    const assign = vi.spyOn(externalNavigation, 'assign').mockImplementation(() => undefined);
    const { user } = open({ answer: () => reply as Reply });
    await findHeading('Enable F&O Trading');
    await user.click(button(/^Next$/));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
  });

  it("Skip: an orange 'Fno Trade Activation Skipped!' and on to eSign", async () => {
    const { user, server, path } = open();
    await findHeading('Enable F&O Trading');
    await user.click(button(/Skip/));
    const toast = await screen.findByText('Fno Trade Activation Skipped!');
    expect(toast.closest('.ant-message-notice-warning')).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/aadhaar-esign'), slow);
    expect(fields(server.calls('POST /user/income-proof')[0])).toEqual({ skip: 'true' });
  });
});

describe('/add-income-details: manual upload', () => {
  it('offers the six document types; Back returns to the choice', async () => {
    const { user } = open();
    await toManual(user);
    const options = [...screen.getByLabelText<HTMLSelectElement>('Document type').options].slice(1).map((option) => option.textContent);
    expect(options).toEqual(['Bank Statement', 'Form 16', 'DP Holding', 'IT Return', 'Salary Slip', 'Net Worth Certificate']);
    await user.click(button(/Back/));
    await findHeading('Enable F&O Trading');
  });

  it('Next with nothing chosen names both missing answers and sends nothing', async () => {
    const { user, server } = open();
    await toManual(user);
    await user.click(button(/^Next$/));
    expect(await screen.findByText('must select document type to be uploaded')).toBeTruthy();
    expect(screen.getByText('must select document to be uploaded')).toBeTruthy();
    expect(server.calls('POST /user/income-proof')).toHaveLength(0);
  });

  it.each([
    ['a JPEG named .pdf', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], 'photo.pdf', { type: 'image/jpeg' }), 'Only PDF files can be uploaded'],
    ['a PDF over 10 MB', pdf('big.pdf', new Uint8Array(10 * 1024 * 1024 + 1)), 'The file is larger than 10 MB. Choose a file of 10 MB or less.'],
  ])('%s is refused in the browser before anything is sent', async (_name, file, message) => {
    const { user, server } = open();
    await toManual(user);
    await user.upload(screen.getByLabelText('Income proof (PDF)'), file);
    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
    await user.selectOptions(screen.getByLabelText('Document type'), 'Salary Slip');
    await user.click(button(/^Next$/));
    expect(await screen.findByText('must select document to be uploaded')).toBeTruthy();
    expect(server.calls('POST /user/income-proof')).toHaveLength(0);
  });

  it('a password-protected PDF: type, file and password sent as multipart; success goes to eSign', async () => {
    const { user, server, path } = open();
    await toManual(user);
    await user.selectOptions(screen.getByLabelText('Document type'), 'Salary Slip');
    await user.upload(screen.getByLabelText('Income proof (PDF)'), pdf());
    expect(await screen.findByText('salary-slip.pdf')).toBeTruthy();
    expect(await screen.findByText('1 KB')).toBeTruthy();
    // The password is asked only once the PDF is said to have one.
    expect(screen.queryByLabelText('PDF password')).toBeNull();
    await user.click(screen.getByLabelText('This PDF is password protected'));
    await user.click(button(/^Next$/));
    expect(await screen.findByText('Enter the password of the PDF')).toBeTruthy();
    await user.type(screen.getByLabelText('PDF password'), 'Right-Pass#2026');
    expect(screen.getByLabelText<HTMLInputElement>('PDF password').type).toBe('password');
    await user.click(button(/^Next$/));
    expect(await screen.findByText('Income proof uploaded successfully')).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/aadhaar-esign'), slow);
    const sent = fields(server.calls('POST /user/income-proof')[0]);
    expect(sent.document_type).toBe('salary_slip');
    expect(sent.password).toBe('Right-Pass#2026');
    expect((sent.proof_of_income as File).name).toBe('salary-slip.pdf');
    expect(await (sent.proof_of_income as File).text()).toBe(pdfBytes);
  });

  it("without the tick no password is sent; the server's refusal shows in red and the form keeps its answers", async () => {
    const { user, server, path } = open({ answer: () => errorReply(400, 'This PDF is password protected, please enter its password') });
    await toManual(user);
    await user.selectOptions(screen.getByLabelText('Document type'), 'Bank Statement');
    await user.upload(screen.getByLabelText('Income proof (PDF)'), pdf('statement.pdf'));
    await user.click(button(/^Next$/));
    expect(await screen.findByText('This PDF is password protected, please enter its password')).toBeTruthy();
    expect(Object.keys(fields(server.calls('POST /user/income-proof')[0])).sort()).toEqual(['document_type', 'proof_of_income']);
    expect(path()).toBe('/add-income-details');
    expect(screen.getByLabelText<HTMLSelectElement>('Document type').value).not.toBe('');
    expect(screen.getByText(/statement\.pdf/)).toBeTruthy();
  });
});

describe('/add-income-details: the manual form looks and behaves like the rest (issue 20)', () => {
  it("the password box is the theme's checkbox, and ticking it asks for the password without an error yet", async () => {
    const { user } = open();
    await toManual(user);
    const tick = screen.getByLabelText<HTMLInputElement>('This PDF is password protected');
    expect({ type: tick.type, theme: !!tick.closest('label.onboard-checkbox') }).toEqual({ type: 'checkbox', theme: true });
    await user.click(tick);
    expect(await screen.findByLabelText('PDF password')).toBeTruthy();
    expect(screen.queryByText('Enter the password of the PDF')).toBeNull();
    expect(screen.getByLabelText('PDF password').getAttribute('aria-invalid')).toBeNull();
  });

  it('a chosen PDF shows its name, size and pages, with Replace and Remove; Remove brings back the choose button', async () => {
    const { user } = open();
    await toManual(user);
    const twoPages = '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj\n%%EOF\n';
    await user.upload(screen.getByLabelText('Income proof (PDF)'), pdf('itr-2025.pdf', twoPages));
    expect(await screen.findByText('itr-2025.pdf')).toBeTruthy();
    expect(await screen.findByText('1 KB · 2 pages')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Replace itr-2025.pdf' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove itr-2025.pdf' }));
    expect(screen.queryByText('itr-2025.pdf')).toBeNull();
    const choose = screen.getByRole('button', { name: 'Choose PDF' });
    await waitFor(() => expect(document.activeElement).toBe(choose));
  });
});

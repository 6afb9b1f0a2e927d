import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { EsignDocument } from '../../src/api/identity';
import type { EsignPreview } from '../../core/api/types';
import { defaultBundle } from '../../src/config/bundle';
import { mergePages } from '../../core/engine/config-types';
import { errorReply, type Reply } from '../app/support/adapter';
import { FakeServer, makeUser } from '../app/support/fake-server';
import { findHeading, renderApp } from '../app/support/render-app';
import { fakeDigio, slow } from './support/identity-fakes';

const signedIn = { nextStep: 'aadhaar_e_sign_documents', currentStep: 'income_proof', email: 'me@example.in' };
const names = ['KRA Form', 'Account Opening Form'];

const mitcPage = mergePages(defaultBundle)['/mitc'];
const mitcVersion = String((mitcPage && 'options' in mitcPage ? mitcPage.options?.version : '') ?? '');

/** GET and POST /user/acknowledgements as the server answers them: the MITC acknowledged (at the start, or when posted). */
function acknowledgements(server: FakeServer, acknowledged: boolean) {
  const state = (at: string | null) => ({ key: 'mitc', version: mitcVersion, acknowledgedAt: at, textSha256: at ? 'ab'.repeat(32) : null });
  let at = acknowledged ? '2026-01-15T10:00:00.000Z' : null;
  server.on('GET /user/acknowledgements', (): Reply => ({ status: 200, body: { acknowledgements: [state(at)] } }));
  server.on('POST /user/acknowledgements/mitc', (request): Reply => {
    if (request.body.version !== mitcVersion) return errorReply(409, 'These terms have changed since you opened them, please read them again');
    at = '2026-01-15T10:05:00.000Z';
    return { status: 200, body: state(at) };
  });
}

/** The server's eSign list: each unsigned document gets a fresh request per call, as the real one does. */
function open(signedAtStart: string[] = [], mitcAcknowledged = true) {
  const server = new FakeServer(defaultBundle.flow);
  acknowledgements(server, mitcAcknowledged);
  const fake = fakeDigio(server, 'esign');
  const signed = new Set(signedAtStart);
  const requestOf = new Map<string, string>();
  server.on('POST /user/e-sign-documents', (): Reply => {
    const list: EsignDocument[] = names.map((name) => {
      if (signed.has(name)) return { name, identifier: 'me@example.in', eSignRequestID: `DONE-${name}`, token: '', signed: true };
      const id = fake.issue();
      requestOf.set(id, name);
      return { name, identifier: 'me@example.in', eSignRequestID: id, token: `GWT-${id}`, signed: false };
    });
    return { status: 200, body: list };
  });
  server.on('POST /user/verify-workflow/esign', (request): Reply => {
    const id = String(request.body.requestId);
    const name = requestOf.get(id);
    if (!name) return errorReply(404, 'Verification request not found');
    if (fake.outcomes.get(id) !== 'approve') return errorReply(409, 'Verification is not complete yet, please finish it in the widget');
    signed.add(name);
    return { status: 200, body: { message: `Esign for ${name} successfully!` } };
  });
  server.on('POST /user/initiate-verification', (): Reply => {
    if (signed.size < names.length) return errorReply(400, 'Please sign every document first');
    return { status: 200, body: { message: 'Documents submitted for verification', user: makeUser({ ...signedIn, currentStep: 'aadhaar_e_sign_documents', nextStep: 'verification_pending' }) } };
  });
  const app = renderApp({ path: '/aadhaar-esign', server, signedIn });
  return { ...app, fake, user: userEvent.setup() };
}

const row = (name: string) => within(screen.getByText(name).closest('li')!);
const rowButton = (name: string) => row(name).queryByRole('button');

describe('/aadhaar-esign', () => {
  afterEach(() => {
    delete window.Digio;
  });

  it('draws the MITC from config before its state has arrived; only its button waits for it', async () => {
    const { user, server } = open([], false);
    server.on('GET /user/acknowledgements', () => new Promise<Reply>(() => {}));
    const terms = await screen.findByRole('region', { name: 'Most Important Terms and Conditions (MITC)' }, slow);
    expect(within(terms).getAllByRole('listitem')).toHaveLength(10);
    await user.click(screen.getByRole('checkbox', { name: 'I have read and understood the Most Important Terms and Conditions' }));
    const acknowledge = screen.getByRole<HTMLButtonElement>('button', { name: 'Acknowledge and continue' });
    expect(acknowledge.disabled).toBe(true);
    await user.click(acknowledge);
    expect(server.calls('POST /user/acknowledgements/mitc')).toHaveLength(0);
    expect(screen.queryByText('KRA Form')).toBeNull();
  });

  it('first the MITC in full, its box never ticked for the applicant; acknowledged, the documents follow', async () => {
    const { user, server } = open([], false);
    await findHeading('Aadhaar eSign');
    const terms = await screen.findByRole('region', { name: 'Most Important Terms and Conditions (MITC)' }, slow);
    expect(within(terms).getAllByRole('listitem')).toHaveLength(10);
    expect(within(terms).getByText('SEBI/HO/MIRSD/MIRSD-PoD-1/P/CIR/2023/180').getAttribute('lang')).toBe('en');
    expect(within(terms).getByText(`Version ${mitcVersion}`)).toBeTruthy();
    const box = screen.getByRole('checkbox', { name: 'I have read and understood the Most Important Terms and Conditions' });
    expect((box as HTMLInputElement).checked).toBe(false);
    // Its button is live once the applicant's acknowledgements have arrived.
    await waitFor(() => expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Acknowledge and continue' }).disabled).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Acknowledge and continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Tick the box to acknowledge the Most Important Terms and Conditions');
    expect(document.activeElement).toBe(box);
    expect(server.calls('POST /user/acknowledgements/mitc')).toHaveLength(0);
    expect(server.calls('POST /user/e-sign-documents')).toHaveLength(0);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Acknowledge and continue' }));
    await screen.findByText('KRA Form', {}, slow);
    expect(server.calls('POST /user/acknowledgements/mitc').map((call) => call.body)).toEqual([{ version: mitcVersion }]);
    expect(screen.queryByRole('checkbox')).toBeNull();
    const link = screen.getByRole('link', { name: 'Most Important Terms and Conditions (MITC)' });
    expect(link.getAttribute('href')).toBe('/mitc');
    expect(link.parentElement?.textContent).toContain(`Acknowledged on 15/01/2026 (version ${mitcVersion})`);
  });

  it('lists the documents with a checkmark on the signed ones; only the next one can be signed', async () => {
    open(['KRA Form']);
    await findHeading('Aadhaar eSign');
    await screen.findByText('Account Opening Form', {}, slow);
    expect(row('KRA Form').getByText('Signed')).toBeTruthy();
    expect(screen.getByText('KRA Form').closest('li')?.getAttribute('data-state')).toBe('signed');
    expect(rowButton('KRA Form')).toBeNull();
    expect(row('Account Opening Form').getByText('Not signed yet')).toBeTruthy();
    await waitFor(() => expect(rowButton('Account Opening Form')?.hasAttribute('disabled')).toBe(false), slow);
    expect(rowButton('Account Opening Form')?.textContent).toBe('Sign');
  });

  it("signs one by one with a toast each, then the verification call and /completed; a cancel shows Retry, which gets a fresh request", async () => {
    const { user, server, path, fake } = open();
    await findHeading('Aadhaar eSign');
    await screen.findByText('KRA Form', {}, slow);
    // The second document waits for the first.
    expect(rowButton('Account Opening Form')?.hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(rowButton('KRA Form')?.hasAttribute('disabled')).toBe(false), slow);

    await user.click(rowButton('KRA Form')!);
    await fake.answer('cancel');
    expect(fake.calls.at(-1)).toBe('submit DID1 me@example.in GWT-DID1');
    expect(await screen.findByText('Signing cancelled')).toBeTruthy();
    expect(row('KRA Form').getByText('Not signed, please retry')).toBeTruthy();
    expect(rowButton('KRA Form')?.textContent).toBe('Retry');
    expect(server.calls('POST /user/verify-workflow/esign')).toHaveLength(0);

    await user.click(rowButton('KRA Form')!);
    // The retry asked for the list again: DID3 (KRA Form) and DID4 are new requests.
    await fake.answer('approve');
    expect(fake.calls.at(-1)).toBe('submit DID3 me@example.in GWT-DID3');
    expect(await screen.findByText('Esign for KRA Form successfully!', {}, slow)).toBeTruthy();
    expect(row('KRA Form').getByText('Signed')).toBeTruthy();

    await waitFor(() => expect(rowButton('Account Opening Form')?.hasAttribute('disabled')).toBe(false), slow);
    await user.click(rowButton('Account Opening Form')!);
    await fake.answer('approve');
    expect(await screen.findByText('Esign for Account Opening Form successfully!', {}, slow)).toBeTruthy();
    await waitFor(() => expect(path()).toBe('/completed'), slow);
    expect(server.calls('POST /user/initiate-verification')).toHaveLength(1);
    expect(server.calls('POST /user/verify-workflow/esign').map((call) => call.body.requestId)).toEqual(['DID3', 'DID4']);
  });

  it('all signed already (a reload after the last one): Submit for verification goes on', async () => {
    const { user, path } = open(names);
    await findHeading('Aadhaar eSign');
    await user.click(await screen.findByRole('button', { name: /Submit for Verification/ }, slow));
    await waitFor(() => expect(path()).toBe('/completed'), slow);
  });

  it('a list that fails to load says why and offers Try again', async () => {
    const { user, server } = open();
    server.on('POST /user/e-sign-documents', () => errorReply(503, 'Verification service is unavailable, please try again'));
    await findHeading('Aadhaar eSign');
    expect((await screen.findByRole('alert', {}, slow)).textContent).toBe('Verification service is unavailable, please try again');
    server.on('POST /user/e-sign-documents', () => ({
      status: 200,
      body: names.map((name) => ({ name, identifier: 'me@example.in', eSignRequestID: `X-${name}`, token: 't', signed: false })),
    }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Account Opening Form')).toBeTruthy();
  });

  it("a callback with no answer at all is the generic error with the reason 'no response' (spec section 8)", async () => {
    const { user, server, fake } = open();
    await findHeading('Aadhaar eSign');
    await screen.findByText('KRA Form', {}, slow);
    await waitFor(() => expect(rowButton('KRA Form')?.hasAttribute('disabled')).toBe(false), slow);
    await user.click(rowButton('KRA Form')!);
    await fake.answer('none');
    expect(await screen.findByText('Something went wrong, Try again! Reason: no response', {}, slow)).toBeTruthy();
    expect(rowButton('KRA Form')?.textContent).toBe('Retry');
    expect(server.calls('POST /user/verify-workflow/esign')).toHaveLength(0);
  });
});

describe('/aadhaar-esign: a preview of every section before signing (issues 20, 32)', () => {
  /** GET /user/esign-preview as the server answers it: sections titled by config, rows labelled as the applicant saw them. */
  const answer: EsignPreview = {
    sections: [
      { title: 'Identity', rows: [{ label: 'Name (as on PAN)', value: 'SNEHA SHARMA' }, { label: 'PAN Number', value: 'ABCPS1234F' }] },
      { title: 'Bank account', rows: [{ label: 'Account Number', value: 'XXXXXXXXXX6789' }, { label: 'IFSC Code', value: 'HDFC0000001' }] },
      { title: 'Segments', rows: [{ label: 'Segments', value: 'Equity, Equity Derivatives' }] },
      {
        title: 'Nominees',
        rows: [
          { label: 'First Name', value: 'Asha', group: 'Nominee 1: Asha Rao' },
          { label: 'Share (%)', value: '60', group: 'Nominee 1: Asha Rao' },
          { label: 'First Name', value: 'Kiran', group: 'Nominee 2: Kiran Rao' },
          { label: 'Guardian Name', value: 'Asha Rao', group: 'Nominee 2: Kiran Rao' },
        ],
      },
      { title: 'Declarations', rows: [{ label: 'I am an Indian citizen', value: 'Yes' }] },
    ],
  };
  const rowsOf = (element: Element) => [...element.querySelectorAll('dl > div')].map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent]);

  function openPreview(reply: () => Reply) {
    const server = new FakeServer(defaultBundle.flow);
    acknowledgements(server, true);
    server.on('POST /user/e-sign-documents', (): Reply => ({ status: 200, body: [] }));
    server.on('GET /user/esign-preview', reply);
    renderApp({ path: '/aadhaar-esign', server, signedIn: { ...signedIn, name: 'SNEHA SHARMA' } });
    return { server, user: userEvent.setup() };
  }

  it('reads the sections from the server once opened, each a disclosure, each nominee under its own heading', async () => {
    const { server, user } = openPreview(() => ({ status: 200, body: answer }));
    await findHeading('Aadhaar eSign');
    const summary = screen.getByText('Preview What You Sign');
    expect(summary.tagName).toBe('SUMMARY');
    expect(server.calls('GET /user/esign-preview')).toHaveLength(0);
    await user.click(summary);
    const preview = summary.closest('details')!;
    const titles = await waitFor(() => {
      const found = [...preview.querySelectorAll(':scope details > summary')].map((item) => item.textContent);
      expect(found).toHaveLength(5);
      return found;
    });
    expect(titles).toEqual(['Identity', 'Bank account', 'Segments', 'Nominees', 'Declarations']);
    expect(within(preview).getByText(/carry these details/)).toBeTruthy();
    const section = (title: string) => within(preview).getByText(title, { selector: 'summary' }).closest('details')!;
    await user.click(within(preview).getByText('Bank account', { selector: 'summary' }));
    expect(rowsOf(section('Bank account'))).toEqual([['Account Number', 'XXXXXXXXXX6789'], ['IFSC Code', 'HDFC0000001']]);
    const nominees = section('Nominees');
    expect(within(nominees).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Nominee 1: Asha Rao', 'Nominee 2: Kiran Rao']);
    expect(rowsOf(within(nominees).getByRole('region', { name: 'Nominee 2: Kiran Rao' }))).toEqual([['First Name', 'Kiran'], ['Guardian Name', 'Asha Rao']]);
    expect(rowsOf(section('Declarations'))).toEqual([['I am an Indian citizen', 'Yes']]);
    expect(server.calls('GET /user/esign-preview')).toHaveLength(1);
  });

  it('says so when the details cannot be read, and reads them again on Try again', async () => {
    let fail = true;
    const { user } = openPreview(() => (fail ? errorReply(503, 'Server timed out') : { status: 200, body: answer }));
    await findHeading('Aadhaar eSign');
    const summary = screen.getByText('Preview What You Sign');
    await user.click(summary);
    const preview = within(summary.closest('details')!);
    expect((await preview.findByRole('alert')).textContent).toBe('Server timed out');
    fail = false;
    await user.click(preview.getByRole('button', { name: 'Try again' }));
    expect(await preview.findByText('Identity', { selector: 'summary' })).toBeTruthy();
  });
});

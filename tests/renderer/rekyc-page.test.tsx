import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { errorReply, type FakeRequest, type Reply } from '../app/support/adapter';
import { formDataOf } from './support/document-routes';
import { renderFormApp } from './support/render-form-app';

/**
 * /rekyc/income-proof/upload (spec 2 and 5): the slab, an optional PDF with its type, two statements, Confirm. The
 * spec has the statements pre-ticked; here they are the applicant's own ticks (issue 21), and go with the declaration.
 */

const pdfBytes = '%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
const pdf = (name = 'itr.pdf') => new File([pdfBytes], name, { type: 'application/pdf' });
const slow = { timeout: 10_000 };

afterEach(() => sessionStorage.clear());

function open(answer: (request: FakeRequest) => Reply = () => ({ status: 200, body: { message: 'Income declaration saved' } })) {
  const app = renderFormApp({ path: '/rekyc/income-proof/upload', user: { id: 'user-7', currentStep: 'user_setup', nextStep: 'completed' } });
  app.server.on('POST /rekyc/income-declaration', answer);
  return { ...app, events: userEvent.setup() };
}

const fields = (request: FakeRequest | undefined) => Object.fromEntries(formDataOf(request!).entries());
const confirm = () => screen.getByRole('button', { name: 'Confirm' });
const truthText = 'I confirm that the information given above is true and correct.';
const informText = 'I will inform the broker within 30 days of any change in this information.';
/** The applicant ticks both statements. */
async function tickStatements(events: ReturnType<typeof userEvent.setup>) {
  await events.click(await screen.findByLabelText(truthText, {}, slow));
  await events.click(screen.getByLabelText(informText));
}
/** The antd message around a toast's text: its class says green (success) or red (error). */
const toastKind = (toast: HTMLElement) => (toast.closest('.ant-message-notice-success') ? 'success' : toast.closest('.ant-message-notice-error') ? 'error' : 'other');

describe('/rekyc/income-proof/upload', () => {
  it('asks for the slab: Confirm without one says so and sends nothing', async () => {
    const { events, server } = open();
    await screen.findByRole('heading', { level: 1, name: 'Update your Income Declaration' }, slow);
    await screen.findByRole('button', { name: 'Confirm' }, slow);
    await events.click(confirm());
    expect(await screen.findByText('Please select income segment')).toBeTruthy();
    expect(server.calls('POST /rekyc/income-declaration')).toHaveLength(0);
  });

  it('shows the two statements unticked; Confirm says which is missing, and a statement unticked again is missing again', async () => {
    const { events, server } = open();
    const truth = await screen.findByLabelText<HTMLInputElement>(truthText, {}, slow);
    const inform = screen.getByLabelText<HTMLInputElement>(informText);
    expect([truth.checked, inform.checked]).toEqual([false, false]);
    await events.selectOptions(screen.getByLabelText('Annual income'), '5-10 Lac');
    await events.click(truth);
    await events.click(confirm());
    expect(await screen.findByText('Please confirm that you will report changes within 30 days')).toBeTruthy();
    expect(screen.queryByText('Please confirm that the information is true')).toBeNull();
    await events.click(truth);
    expect(await screen.findByText('Please confirm that the information is true')).toBeTruthy();
    expect(server.calls('POST /rekyc/income-declaration')).toHaveLength(0);
  });

  it("with the link's id: sends the slab, the statements ticked and the id, toasts the server's words, then 'Thank You'", async () => {
    sessionStorage.setItem('rekycId', JSON.stringify('link-id-42'));
    const { events, server, path } = open();
    await events.selectOptions(await screen.findByLabelText('Annual income', {}, slow), '10-25 Lac');
    await tickStatements(events);
    await events.click(confirm());
    expect(toastKind(await screen.findByText('Income declaration saved'))).toBe('success');
    await waitFor(() => expect(path()).toBe('/rekyc/thank-you'), slow);
    expect(await screen.findByRole('heading', { name: 'Thank You' }, slow)).toBeTruthy();
    expect(fields(server.calls('POST /rekyc/income-declaration')[0])).toEqual({ income: '10-25 Lac', id: 'link-id-42', confirmTrue: 'true', confirmInform: 'true' });
  });

  it("without a link id: the applicant's own id; a PDF goes with the type it asks for once picked", async () => {
    const { events, server } = open();
    await events.selectOptions(await screen.findByLabelText('Annual income', {}, slow), '>1 Cr');
    expect(screen.queryByLabelText('Income proof type')).toBeNull();
    await events.upload(screen.getByLabelText('Income proof (PDF, optional)'), pdf());
    await tickStatements(events);
    await events.click(confirm());
    expect(await screen.findByText('must select document type to be uploaded')).toBeTruthy();
    await events.selectOptions(screen.getByLabelText('Income proof type'), 'IT Return');
    await events.click(confirm());
    await screen.findByText('Income declaration saved');
    const sent = fields(server.calls('POST /rekyc/income-declaration')[0]);
    expect({ ...sent, proof_of_income: (sent.proof_of_income as File).name }).toEqual({
      income: '>1 Cr',
      id: 'user-7',
      confirmTrue: 'true',
      confirmInform: 'true',
      document_type: 'it_return',
      proof_of_income: 'itr.pdf',
    });
  });

  it("shows the server's refusal in red and keeps the answers", async () => {
    const { events, path } = open(() => errorReply(403, 'This link belongs to another account'));
    await events.selectOptions(await screen.findByLabelText('Annual income', {}, slow), '1-5 Lac');
    await tickStatements(events);
    await events.click(confirm());
    expect(toastKind(await screen.findByText('This link belongs to another account'))).toBe('error');
    expect(path()).toBe('/rekyc/income-proof/upload');
    expect(screen.getByLabelText<HTMLSelectElement>('Annual income').value).not.toBe('');
  });

  it("a failure the server does not explain says the spec's 'Something went wrong', and keeps the answers", async () => {
    const { events, path } = open(() => ({ status: 500, body: {} }));
    await events.selectOptions(await screen.findByLabelText('Annual income', {}, slow), '5-10 Lac');
    await tickStatements(events);
    await events.click(confirm());
    expect(toastKind(await screen.findByText('Something went wrong'))).toBe('error');
    expect(path()).toBe('/rekyc/income-proof/upload');
    expect(screen.getByLabelText<HTMLSelectElement>('Annual income').value).not.toBe('');
  });
});

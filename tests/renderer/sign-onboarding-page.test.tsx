import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserDetails } from '../../core/api/types';
import { defaultBundle } from '../../src/config/bundle';
import { continueRoute, stepAfter } from '../../core/engine/flow';
import { errorReply } from '../app/support/adapter';
import { installFakeCanvas } from '../widgets/support/fake-canvas';
import { answerStep, formDataOf } from './support/document-routes';
import { renderFormApp } from './support/render-form-app';

afterEach(() => vi.restoreAllMocks());
// Where signing leads: the first route of the step after signature in flow.json (the spec's /add-nominee).
const afterSigning = continueRoute(defaultBundle.flow, stepAfter(defaultBundle.flow, 'signature'));
vi.setConfig({ testTimeout: 30_000 });

function openSign(user: Partial<UserDetails> = { currentStep: 'liveliness_detection', nextStep: 'declaration' }) {
  installFakeCanvas();
  const app = renderFormApp({ path: '/sign-onboarding-form', user });
  answerStep(app.server, app.user, defaultBundle.flow, 'POST /user/declaration', 'declaration', 'User declaration saved successfully!');
  answerStep(app.server, app.user, defaultBundle.flow, 'POST /user/add-signature', 'signature', 'Signature saved');
  return { ...app, events: userEvent.setup() };
}

const save = () => screen.findByRole('button', { name: 'Save and Continue' }, { timeout: 10_000 });
const box = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name });
const citizen = 'I am an Indian citizen';
const noAction = 'No regulatory action has been taken against me in the last 3 years';
const notPep = 'I am not a politically exposed person (PEP) or related to one';
const fieldError = (id: string) => document.getElementById(id)?.closest('.onboard-field')?.querySelector('[role="alert"]')?.textContent;

async function drawSignature(events: ReturnType<typeof userEvent.setup>) {
  await events.click(screen.getByRole('button', { name: 'Draw Signature' }));
  const pad = await screen.findByRole('dialog', { name: 'Draw your signature' });
  const canvas = within(pad).getByRole('img', { name: /Signature pad/ });
  const at = (type: string, x: number, buttons: number) =>
    fireEvent(type === 'pointerdown' ? canvas : window, new PointerEvent(type, { bubbles: true, buttons, pointerId: 1, clientX: x, clientY: 20, pressure: 0.5 }));
  at('pointerdown', 10, 1);
  for (const x of [40, 70, 100]) at('pointermove', x, 1);
  at('pointerup', 100, 0);
  await events.click(within(pad.querySelector<HTMLElement>('.signature-actions')!).getByRole('button', { name: 'Upload' }));
  await screen.findByRole('img', { name: 'Your signature' });
}

/** The applicant ticks the three declarations, as each is theirs to make. */
async function tickAll(events: ReturnType<typeof userEvent.setup>) {
  for (const name of [citizen, noAction, notPep]) await events.click(box(name));
}

describe('/sign-onboarding-form: declarations', () => {
  it('starts with no declaration ticked (none is assumed); the preferences keep the spec defaults, 90 days and electronic notes', async () => {
    openSign();
    await save();
    expect(box(citizen).checked).toBe(false);
    expect(box(noAction).checked).toBe(false);
    expect(box(notPep).checked).toBe(false);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '90 days' }).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Electronic' }).checked).toBe(true);
    expect(screen.queryByLabelText('Tell us about the regulatory action')).toBeNull();
    expect(screen.queryByLabelText('Why are you politically exposed?')).toBeNull();
    expect(screen.getByText('Depository preferences')).toBeTruthy();
  });

  it('left unticked at Save, each answers as unticked: one bottom sheet (the NRI refusal), then focus on the first error, and the reasons asked', async () => {
    const app = openSign();
    await save();
    await drawSignature(app.events);
    await app.events.click(await save());
    const nri = await screen.findByRole('dialog', { name: 'Indian citizens only' });
    expect(screen.queryByRole('dialog', { name: 'Regulatory action' })).toBeNull();
    await waitFor(() => expect(fieldError('root_nri')).toBe('We can onboard Indian citizens only: NRIs cannot be onboarded'));
    await app.events.click(within(nri).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // No second sheet: the regulatory action's reason is asked inline.
    expect(await screen.findByLabelText('Tell us about the regulatory action')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Regulatory action' })).toBeNull();
    expect(screen.getByLabelText('Why are you politically exposed?')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('root_nri'));
    expect(app.server.calls('POST /user/declaration')).toHaveLength(0);
  });

  it('explains pledge, RTA, ECS, the DIS booklet and the running account in plain words', async () => {
    openSign();
    await save();
    const helpOf = (id: string) => document.getElementById(id)!.closest('.onboard-field')!.textContent;
    expect(helpOf('root_depositoryPreferences_pledgeInstructions')).toContain(
      'A pledge puts shares you own up as security, for example to get margin for trading. Yes lets your demat account accept such pledge instructions; the shares stay yours.',
    );
    expect(helpOf('root_depositoryPreferences_shareEmailWithRta')).toContain("A registrar and transfer agent (RTA) keeps a company's record of its shareholders.");
    expect(helpOf('root_depositoryPreferences_dividendViaEcs')).toContain('ECS (Electronic Clearing Service) pays dividends straight into the bank account you linked, instead of by cheque.');
    expect(helpOf('root_depositoryPreferences_disBooklet')).toContain('A delivery instruction slip (DIS) is a paper form you sign to move shares out of your demat account.');
    expect(helpOf('root_settlementTimeFrame')).toContain('Money and shares you leave with us are settled (sent back to your bank and demat account) at least this often, as SEBI requires.');
  });

  it('not an Indian citizen: unticking says NRIs cannot be onboarded, and the form will not go on', async () => {
    const app = openSign();
    await save();
    await tickAll(app.events);
    await app.events.click(box(citizen));
    const dialog = await screen.findByRole('dialog', { name: 'Indian citizens only' });
    expect(within(dialog).getByText(/NRIs cannot be onboarded/)).toBeTruthy();
    await app.events.click(within(dialog).getByRole('button', { name: 'OK' }));
    await drawSignature(app.events);
    await app.events.click(await save());
    await waitFor(() => expect(fieldError('root_nri')).toBe('We can onboard Indian citizens only: NRIs cannot be onboarded'));
    expect(app.server.calls('POST /user/declaration')).toHaveLength(0);
  });

  it('regulatory action: warns that the account may not be openable, lets the applicant go on with a reason', async () => {
    const app = openSign();
    await save();
    await tickAll(app.events);
    await app.events.click(box(noAction));
    const dialog = await screen.findByRole('dialog', { name: 'Regulatory action' });
    expect(within(dialog).getByText(/we may not be able to open your account/)).toBeTruthy();
    await app.events.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const reason = await screen.findByLabelText('Tell us about the regulatory action');
    await drawSignature(app.events);
    await app.events.click(await save());
    await waitFor(() => expect(fieldError('root_regulatoryActionsReason')).toBe('Tell us about the regulatory action (up to 200 characters)'));
    await app.events.type(reason, 'SEBI order of 2023, since settled');
    await app.events.click(await save());
    await waitFor(() => expect(app.path()).toBe(afterSigning));
    expect(app.server.calls('POST /user/declaration')[0]?.body).toMatchObject({ regulatoryActions: true, regulatoryActionsReason: 'SEBI order of 2023, since settled' });
  });

  it('politically exposed: asks for the reason', async () => {
    const app = openSign();
    await save();
    await tickAll(app.events);
    await app.events.click(box(notPep));
    expect(await screen.findByLabelText('Why are you politically exposed?')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('physical contract notes: the Rs 49 charge and Contact Support', async () => {
    const app = openSign();
    await save();
    expect(screen.queryByText(/Rs 49/)).toBeNull();
    await app.events.click(screen.getByRole('radio', { name: 'Physical' }));
    expect(screen.getByText('Physical contract notes cost Rs 49 per note plus courier charges, borne by you.')).toBeTruthy();
    const support = within(document.getElementById('root_contractNotePreference')!.closest('.onboard-field')!).getByRole('link', { name: 'Contact Support' });
    expect(support.getAttribute('href')).toBe(defaultBundle.messages.links.support);
  });

  it('running account: 90 or 30 days', async () => {
    const app = openSign();
    await save();
    await tickAll(app.events);
    await app.events.click(screen.getByRole('radio', { name: '30 days' }));
    await drawSignature(app.events);
    await app.events.click(await save());
    await waitFor(() => expect(app.server.calls('POST /user/declaration')).toHaveLength(1));
    expect(app.server.calls('POST /user/declaration')[0]?.body.settlementTimeFrame).toBe(30);
  });
});

describe('/sign-onboarding-form: Save', () => {
  it('asks for a signature', async () => {
    const app = openSign();
    await app.events.click(await save());
    await waitFor(() => expect(fieldError('root_signature')).toBe('Draw or upload your signature'));
    expect(app.server.calls('POST /user/declaration')).toHaveLength(0);
  });

  it('saves the declarations ticked, then the signature in field `signature`, and goes on to the next step', async () => {
    const app = openSign();
    await save();
    await tickAll(app.events);
    await drawSignature(app.events);
    await app.events.click(await save());
    await screen.findByText('User declaration saved successfully!');
    await waitFor(() => expect(app.path()).toBe(afterSigning));
    const paths = app.server.requests.filter((r) => r.method === 'POST').map((r) => r.path);
    expect(paths).toEqual(['/user/declaration', '/user/add-signature']);
    expect(app.server.calls('POST /user/declaration')[0]?.body).toEqual({
      nri: false,
      regulatoryActions: false,
      politicallyExposed: false,
      settlementTimeFrame: 90,
      contractNotePreference: 'electronic',
      depositoryPreferences: {
        receiveAllCredits: true,
        pledgeInstructions: true,
        statementFrequency: 'Monthly',
        electronicHoldingStatement: true,
        shareEmailWithRta: true,
        dividendViaEcs: true,
        disBooklet: false,
      },
    });
    const signature = formDataOf(app.server.calls('POST /user/add-signature')[0]!).get('signature') as File;
    expect([signature.name, signature.type]).toEqual(['signature', 'image/jpeg']);
  });

  it('sends only the signature when the declaration is already saved (nextStep is signature)', async () => {
    const app = openSign({ currentStep: 'declaration', nextStep: 'signature' });
    await save();
    await tickAll(app.events);
    await drawSignature(app.events);
    await app.events.click(await save());
    await waitFor(() => expect(app.path()).toBe(afterSigning));
    expect(app.server.calls('POST /user/declaration')).toHaveLength(0);
    expect(app.server.calls('POST /user/add-signature')).toHaveLength(1);
  });

  it('after a failed signature upload, the retry does not declare twice', async () => {
    const app = openSign();
    let first = true;
    app.server.on('POST /user/add-signature', () => {
      if (first) {
        first = false;
        return errorReply(415, 'Signature must be a JPEG or PNG image');
      }
      Object.assign(app.user, { currentStep: 'signature', nextStep: stepAfter(defaultBundle.flow, 'signature') });
      return { status: 200, body: { message: 'Signature saved', step: 'signature', user: structuredClone(app.user) } };
    });
    await save();
    await tickAll(app.events);
    await drawSignature(app.events);
    await app.events.click(await save());
    await screen.findByText('Signature must be a JPEG or PNG image');
    expect(app.path()).toBe('/sign-onboarding-form');
    await app.events.click(await save());
    await waitFor(() => expect(app.path()).toBe(afterSigning));
    expect(app.server.calls('POST /user/declaration')).toHaveLength(1);
    expect(app.server.calls('POST /user/add-signature')).toHaveLength(2);
  });
});

import { mergePages } from '../../core/engine/config-types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { progress } from '../../core/engine/progress';
import { findHeading, renderApp } from '../app/support/render-app';

const resumeCopy = mergePages(defaultBundle)['/']?.copy ?? {};

describe('resume screen', () => {
  // The figures of the progress engine (tests/engine/progress.test.ts) for flow.json's order; the card names the
  // group, and the step within it when copy 'task.<step>' says what is left there (issue 20).
  it.each(['email_verification', 'aadhaar_verification', 'pan_verification', 'pan_image_upload', 'declaration', 'signature', 'aadhaar_e_sign_documents'])('next step %s: N of M steps, the percent, and its group on the next step card', async (nextStep) => {
    const { done, total, percent, groupLabel } = progress(defaultBundle.flow, nextStep);
    const task = resumeCopy[`task.${nextStep}`];
    const card = task ? `${groupLabel}: ${task}` : groupLabel;
    const steps = `${done} of ${total} steps`;
    renderApp({ path: '/', signedIn: { nextStep } });
    await findHeading('Resume your Application');
    expect(screen.getByText('Continue where you left off')).toBeTruthy();
    expect(screen.getByText(steps)).toBeTruthy();
    expect(screen.getByText(`${percent}%`)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: steps }).getAttribute('aria-valuenow')).toBe(String(percent));
    const next = screen.getByTestId('next-step');
    expect(within(next).getByText('Next Step')).toBeTruthy();
    expect(within(next).getByText(card!)).toBeTruthy();
  });

  it('Continue goes to the first route of the next step; Contact Support links to the help site', async () => {
    const app = renderApp({ path: '/', signedIn: { nextStep: 'aadhaar_verification' } });
    await findHeading('Resume your Application');
    const support = screen.getByRole<HTMLAnchorElement>('link', { name: 'Contact Support' });
    expect(support.href).toBe(defaultBundle.messages.links.support);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.path()).toBe('/kyc-verification'));
  });

  it('modification state lists the rejected steps instead of the progress', async () => {
    renderApp({
      path: '/',
      signedIn: {
        nextStep: 'modification',
        rejectedSteps: { pan_image_upload: {}, signature: { reason: 'blurred' }, nominee: { reason: 'Nominee proof unreadable' } },
      },
    });
    await findHeading('Resume your Application');
    expect(screen.getByText('Complete the rejected steps to continue')).toBeTruthy();
    const attention = screen.getByRole('heading', { level: 2, name: /Steps requiring Attention/ });
    expect(within(attention).getByText('3')).toBeTruthy();
    const cards = screen.getAllByRole('listitem').filter((item) => item.classList.contains('attention-card'));
    expect(cards.map((card) => card.textContent)).toEqual([
      'PAN Image UploadUpload PAN image again',
      'SignatureUpload signature againblurred',
      'NomineeNominee proof unreadable',
    ]);
    expect(screen.queryByRole('progressbar', { name: /steps/ })).toBeNull();
    expect(screen.queryByTestId('next-step')).toBeNull();
  });

  it("with a rectification deadline it says 'Fix by <date>' (the spec's DD/MM/YYYY) above the rejected steps", async () => {
    renderApp({ path: '/', signedIn: { nextStep: 'modification', rejectedSteps: { signature: { reason: 'blurred' } }, rectifyBy: '2026-02-03' } });
    await findHeading('Resume your Application');
    expect(screen.getByTestId('fix-by').textContent).toBe('Fix by 03/02/2026');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { mergePages } from '../../src/engine/config-check';
import { findHeading, renderApp } from '../app/support/render-app';

describe('resume screen', () => {
  it.each([
    ['email_verification', '1 of 14 steps', 7, 'Email Verification'],
    ['aadhaar_verification', '3 of 14 steps', 21, 'KYC Verification'],
    ['pan_verification', '2 of 14 steps', 14, 'PAN Verification'],
    // Issue 20: the group's name, and the step within it when it is not the group's first.
    ['pan_image_upload', '4 of 14 steps', 29, 'PAN Verification: upload your PAN card image'],
    ['declaration', '8 of 14 steps', 57, 'Declaration & Consent'],
    ['signature', '9 of 14 steps', 64, 'Declaration & Consent: sign your account opening form'],
    ['aadhaar_e_sign_documents', '12 of 14 steps', 86, 'Aadhaar eSign'],
  ])('next step %s: %s, %i%%, next step card %j', async (nextStep, steps, percent, card) => {
    renderApp({ path: '/', signedIn: { nextStep } });
    await findHeading('Resume your Application');
    expect(screen.getByText('Continue where you left off')).toBeTruthy();
    expect(screen.getByText(steps)).toBeTruthy();
    expect(screen.getByText(`${percent}%`)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: steps }).getAttribute('aria-valuenow')).toBe(String(percent));
    const next = screen.getByTestId('next-step');
    expect(within(next).getByText('Next Step')).toBeTruthy();
    expect(within(next).getByText(card)).toBeTruthy();
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

  it('routes whose screens have not landed show the resume screen, never a blank page', async () => {
    // Any journey step whose first route has no page in flow-config/pages yet.
    const pages = mergePages(defaultBundle);
    const step = defaultBundle.flow.steps.find((candidate) => candidate.journey && !pages[candidate.routes[0]!]);
    if (!step) return;
    renderApp({ path: step.routes[0]!, signedIn: { nextStep: step.id } });
    await findHeading('Resume your Application');
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stageStates } from '../../src/screens/completed-stage';
import { findHeading, renderApp } from '../app/support/render-app';

// The card, not the marketing panel (which mentions notifications and 24-72 hrs too).
const card = () => within(screen.getByRole('main'));
const stages = () => [...document.querySelectorAll('.status-stage')].map((item) => [item.textContent, item.getAttribute('data-state')]);

describe('completed page', () => {
  it.each([
    ['verification_pending', 'KYC Verification Pending', ['progress', 'inactive', 'inactive']],
    ['e_sign_completed', 'KYC Verification Pending', ['progress', 'inactive', 'inactive']],
    ['verified', 'Application Approved', ['completed', 'progress', 'inactive']],
    ['user_setup', 'Application Approved', ['completed', 'progress', 'inactive']],
    ['completed', 'Onboarding Complete', ['completed', 'completed', 'completed']],
  ])('next step %s: %j', async (nextStep, title, states) => {
    renderApp({ path: '/completed', signedIn: { nextStep } });
    await findHeading(title);
    const mark = (n: number, label: string) => (states[n - 1] === 'completed' ? '✓' : String(n)) + label;
    expect(stages()).toEqual([
      [mark(1, 'Verification'), states[0]],
      [mark(2, 'Application Approved'), states[1]],
      [mark(3, 'Account Setup'), states[2]],
    ]);
    expect(card().getByText('Email notifications enabled')).toBeTruthy();
  });

  it('re_verification shows its own title on /re-verification', async () => {
    renderApp({ path: '/completed', signedIn: { nextStep: 're_verification' } });
    await findHeading('Re-Verification Required');
    expect(stages()[0]).toEqual(['1Re-Verification', 'progress']);
  });

  it('pending shows that verification takes 24-72 hrs', async () => {
    renderApp({ path: '/completed', signedIn: { nextStep: 'verification_pending' } });
    await findHeading('KYC Verification Pending');
    expect(card().getByText(/24-72 hrs/)).toBeTruthy();
  });

  it.each([
    [1, ['progress', 'inactive', 'inactive']],
    [2, ['completed', 'progress', 'inactive']],
    [3, ['completed', 'completed', 'completed']],
  ])('stage %i states', (stage, states) => {
    expect(stageStates(stage, 3)).toEqual(states);
  });
});

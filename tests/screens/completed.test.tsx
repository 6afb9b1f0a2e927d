import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { completedStage, stageStates } from '../../src/screens/completed-stage';
import { findHeading, renderApp } from '../app/support/render-app';

// The card, not the marketing panel (which mentions notifications and 24-72 hrs too).
const card = () => within(screen.getByRole('main'));
const stages = () => [...document.querySelectorAll('.status-stage')].map((item) => [item.textContent, item.getAttribute('data-state')]);

describe('completed page', () => {
  it.each([
    ['verification_pending', 'KYC Verification Pending', ['progress', 'inactive', 'inactive']],
    ['e_sign_completed', 'KYC Verification Pending', ['progress', 'inactive', 'inactive']],
    // Issue 20: 'Application Approved' is done once approved; the account's setup is what is under way.
    ['verified', 'Application Approved', ['completed', 'completed', 'progress']],
    ['user_setup', 'Application Approved', ['completed', 'completed', 'progress']],
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

  it("links the account's terms and policies (the MITC, the voluntary freeze policy) and shows the nomination's acknowledgement", async () => {
    const user = userEvent.setup();
    renderApp({ path: '/completed', signedIn: { nextStep: 'verification_pending', nominationReference: 'NOM-20260115-000042' } as never });
    await findHeading('KYC Verification Pending');
    expect(card().getByText('Nomination acknowledgement reference: NOM-20260115-000042')).toBeTruthy();
    const policies = card().getByRole('navigation', { name: "Your Account's Terms and Policies" });
    const links = within(policies).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Read the Most Important Terms and Conditions', '/mitc'],
      ['Read the policy for voluntary freezing of your trading account', '/voluntary-freeze'],
    ]);
    await user.click(links[1]!);
    await findHeading('Policy for Voluntary Freezing of your Trading Account');
    expect(screen.getByText('Version 2024-07-01')).toBeTruthy();
    expect(screen.getByText('SEBI/HO/MIRSD/POD-1/P/CIR/2024/4').getAttribute('lang')).toBe('en');
    expect(within(screen.getByRole('list', { name: 'The policy' })).getAllByRole('listitem')).toHaveLength(7);
  });

  it('re_verification shows its own title on /re-verification', async () => {
    renderApp({ path: '/completed', signedIn: { nextStep: 're_verification' } });
    await findHeading('Re-Verification Required');
    expect(stages()[0]).toEqual(['1Re-Verification', 'progress']);
  });

  it('pending names the application reference and the day the review is expected; after the last fix, that the corrections arrived (issue 32)', async () => {
    renderApp({ path: '/completed', signedIn: { nextStep: 'verification_pending', reference: 'AB12CD34', reviewBy: '2026-12-01', correctionsReceived: true } });
    await findHeading('KYC Verification Pending');
    expect(card().getByText('Application reference: AB12CD34')).toBeTruthy();
    expect(card().getByText('Expected by 01/12/2026')).toBeTruthy();
    expect(card().getByRole('status').textContent).toBe(defaultBundle.pageFiles['flow-config/pages/status.json']!.pages['/completed']!.copy!.corrections);
  });

  it('a first submission says nothing of corrections', async () => {
    renderApp({ path: '/completed', signedIn: { nextStep: 'verification_pending', reference: 'AB12CD34', reviewBy: '2026-12-01', correctionsReceived: false } });
    await findHeading('KYC Verification Pending');
    expect(card().getByText('Application reference: AB12CD34')).toBeTruthy();
    expect(card().queryByText(/corrections/)).toBeNull();
  });

  it('pending shows that verification takes 24-72 hrs', async () => {
    renderApp({ path: '/completed', signedIn: { nextStep: 'verification_pending' } });
    await findHeading('KYC Verification Pending');
    expect(card().getByText(/24-72 hrs/)).toBeTruthy();
  });

  it.each([
    [1, false, ['progress', 'inactive', 'inactive']],
    [2, false, ['completed', 'progress', 'inactive']],
    [2, true, ['completed', 'completed', 'progress']],
    [3, false, ['completed', 'completed', 'completed']],
    [3, true, ['completed', 'completed', 'completed']],
  ])('stage %i (an outcome: %s) states', (stage, done, states) => {
    expect(stageStates(stage, 3, done)).toEqual(states);
  });

  it("'Onboarding Complete' gives the client ID and says where to sign in to trade, with the applicant's number", async () => {
    renderApp({ path: '/completed', signedIn: { nextStep: 'completed', phone: '9876543210', clientCode: 'ON000042' } });
    await findHeading('Onboarding Complete');
    expect(card().getByText('Your client ID is ON000042. Sign in to the trading platform with it, or with your mobile number +91 9876543210.')).toBeTruthy();
    const trade = card().getByRole<HTMLAnchorElement>('link', { name: 'Start trading' });
    expect(trade.href).toBe(defaultBundle.messages.links.trading);
  });

  it.each([
    ['verification_pending', 'You are almost there'],
    ['verified', 'Welcome aboard'],
    ['user_setup', 'Welcome aboard'],
    ['completed', 'Your account is ready'],
  ])("the desktop panel follows the applicant's stage (%s), not only the path", async (nextStep, title) => {
    renderApp({ path: '/completed', signedIn: { nextStep } });
    await findHeading(completedStage(defaultBundle.flow, nextStep).stage.title);
    const panel = within(screen.getByTestId('marketing-panel'));
    expect(panel.getByRole('heading', { level: 2 }).textContent).toBe(title);
  });

  it('an approved application offers nothing to do yet', async () => {
    renderApp({ path: '/completed', signedIn: { nextStep: 'verified' } });
    await findHeading('Application Approved');
    expect(card().queryByRole('link', { name: 'Start trading' })).toBeNull();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { panelFor } from '../../src/app/panel';
import { defaultBundle } from '../../src/config/bundle';
import { findHeading, renderApp } from './support/render-app';

const { flow } = defaultBundle;

describe('left panel copy', () => {
  it.each([
    ['/login', 'Open your Trading Account'],
    ['/verify-otp', 'Open your Trading Account'],
    ['/verify-email', 'Stay in the loop'],
    ['/change-dob', 'Verify your PAN'],
    ['/completed', 'You are almost there'],
    ['/completed/', 'You are almost there'],
    ['/kyc-verification', 'Verify your KYC'],
    ['/sign-onboarding-form', 'Declarations and Signature'],
    ['/', 'Welcome to Onboard'],
  ])('%s shows %j', (path, title) => {
    expect(panelFor(flow, path).title).toBe(title);
  });

  it('the fallback is the welcome copy with its three features', () => {
    expect(panelFor(flow, '/refresh')).toEqual({
      title: 'Welcome to Onboard',
      subtitle: 'Institutional Trading for everyone',
      features: ['Quick onboarding', 'Secure platform', 'Expert support'],
    });
  });

  it('renders beside the card and follows the route', async () => {
    renderApp({ path: '/login' });
    await findHeading('Open your Trading Account');
    const panel = screen.getByTestId('marketing-panel');
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Open your Trading Account');
    expect(within(panel).getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      flow.panels.byStep.mobile_verification!.features,
    );
  });
});

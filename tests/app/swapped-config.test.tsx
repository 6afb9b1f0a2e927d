import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import type { ConfigBundle } from '../../core/engine/config-types';
import { checkConfigMeaning } from '../../core/engine/config-check';
import { configCatalog } from '../../core/catalog/catalog';
import { progress } from '../../core/engine/progress';
import { realStepSchemas } from '../renderer/support/node-validators';
import { MOBILE_OTP } from './support/fake-server';
import { findHeading, renderApp, acceptPrivacyNotice } from './support/render-app';

/** The default flow with PAN verification moved before email verification: no code changes. */
function swappedBundle(): ConfigBundle {
  const steps = [...defaultBundle.flow.steps];
  const email = steps.findIndex((step) => step.id === 'email_verification');
  const pan = steps.findIndex((step) => step.id === 'pan_verification');
  [steps[email], steps[pan]] = [steps[pan]!, steps[email]!];
  return { ...defaultBundle, flow: { ...defaultBundle.flow, steps } };
}

describe('a temporary config with two steps swapped', () => {
  const bundle = swappedBundle();

  it('is itself a valid config', () => {
    expect(checkConfigMeaning(bundle, configCatalog(realStepSchemas()))).toEqual([]);
  });

  it('sends a new applicant to PAN after sign-in, guards the email route and counts progress in the new order', async () => {
    const app = renderApp({ path: '/login', bundle });
    const user = userEvent.setup();
    await findHeading('Open your Trading Account');
    await user.type(screen.getByLabelText('Mobile Number'), '9123456789');
    await acceptPrivacyNotice(user);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await findHeading('Verify your Mobile Number');
    await user.type(screen.getByLabelText('Digit 1 of 4'), MOBILE_OTP);

    // The server (same config) says pan_verification is next; the continue route follows.
    await waitFor(() => expect(app.path()).toBe('/verify-pan'));

    // The guard keeps the applicant off the email step that now comes later.
    await app.runtime.router.navigate('/add-email');
    await waitFor(() => expect(app.path()).toBe('/verify-pan'));

    await app.runtime.router.navigate('/');
    await findHeading('Resume your Application');
    // PAN, now next after sign-in, is counted in the new order.
    const figures = progress(bundle.flow, 'pan_verification');
    expect(figures.done).toBe(1);
    expect(screen.getByText(`1 of ${figures.total} steps`)).toBeTruthy();
    expect(screen.getByTestId('next-step').textContent).toContain(figures.groupLabel);
  });

  it('the default config still goes to email first', async () => {
    const app = renderApp({ path: '/login' });
    const user = userEvent.setup();
    await findHeading('Open your Trading Account');
    await user.type(screen.getByLabelText('Mobile Number'), '9123456789');
    await acceptPrivacyNotice(user);
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await findHeading('Verify your Mobile Number');
    await user.type(screen.getByLabelText('Digit 1 of 4'), MOBILE_OTP);
    await findHeading('Add your Email');
    expect(app.path()).toBe('/add-email');
  });
});

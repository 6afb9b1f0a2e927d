import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { findHeading, renderApp } from '../app/support/render-app';

/** The rectification deadline as the applicant sees it: 'Fix by <date>' while it runs, and why the application closed. */

const rules = defaultBundle.flow.review.rectification!;
const expired = Object.values(defaultBundle.flow.completedStages).find((stage) => stage.steps.includes(rules.expiredStatus))!;

describe('the rectification deadline on screen', () => {
  it("modification says 'Fix by <date>' under its heading", async () => {
    renderApp({ path: '/modification', signedIn: { nextStep: 'modification', rejectedSteps: { personal_details: { reason: 'Father name mismatch' } }, rectifyBy: '2026-01-30' } });
    await findHeading('Welcome Back');
    expect(screen.getByTestId('fix-by').textContent).toBe('Fix by 30/01/2026');
  });

  it('an expired application goes to /completed, which says why (with the date) and whom to contact', async () => {
    const app = renderApp({ path: '/', signedIn: { nextStep: rules.expiredStatus, rectifyBy: '2026-01-30' } });
    await findHeading(expired.title);
    expect(app.path()).toBe('/completed');
    const subtitle = expired.subtitle.replace('{deadline}', '30/01/2026');
    expect(screen.getByText(subtitle)).toBeTruthy();
    expect(subtitle).toMatch(/support@onboard\.example/);
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { continueRoute, stepAfter } from '../../core/engine/flow';
import { answerStep } from '../renderer/support/document-routes';
import { renderFormApp } from '../renderer/support/render-form-app';

/** /tax-residency (FATCA / CRS self-certification), a form step from config saved by the generic step route. */

const slow = { timeout: 10_000 };

function open() {
  const app = renderFormApp({ path: '/tax-residency', user: { currentStep: 'personal_details', nextStep: 'tax_residency' } });
  answerStep(app.server, app.user, defaultBundle.flow, 'POST /user/step/tax_residency', 'tax_residency', 'Details Saved!');
  return { ...app, events: userEvent.setup() };
}

describe('/tax-residency', () => {
  it('an Indian resident answers No, gives the place of birth (India is the country by default) and moves on', async () => {
    const app = open();
    await screen.findByRole('heading', { level: 1, name: 'Tax Residency' }, slow);
    expect(screen.getByLabelText<HTMLSelectElement>('Country of birth').value).toBe('India');
    await app.events.click(await screen.findByRole('radio', { name: 'No' }, slow));
    expect(screen.queryByLabelText('Country of tax residence')).toBeNull();
    await app.events.type(screen.getByLabelText('Place of birth'), 'Mumbai');
    await app.events.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Tax residency saved!')).toBeTruthy();
    await waitFor(() => expect(app.path()).toBe(continueRoute(defaultBundle.flow, stepAfter(defaultBundle.flow, 'tax_residency'))));
    expect(app.server.calls('POST /user/step/tax_residency')[0]?.body).toEqual({ taxResidentOutsideIndia: false, placeOfBirth: 'Mumbai', countryOfBirth: 'India' });
  });

  it('a tax resident abroad names the country from the list and the tax id; Continue first says what is missing', async () => {
    const app = open();
    await app.events.click(await screen.findByRole('radio', { name: 'Yes' }, slow));
    const first = await screen.findByRole('region', { name: 'Country 1' });
    await app.events.type(screen.getByLabelText('Place of birth'), 'Pune');
    await app.events.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await within(first).findByText('Choose a country from the list')).toBeTruthy();
    expect(within(first).getByText('Enter your tax identification number (TIN) in that country')).toBeTruthy();
    expect(app.server.calls('POST /user/step/tax_residency')).toHaveLength(0);
    await app.events.selectOptions(within(first).getByLabelText('Country of tax residence'), 'United States');
    await app.events.type(within(first).getByLabelText('Tax identification number (TIN)'), '123-45-6789');
    await app.events.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.server.calls('POST /user/step/tax_residency')).toHaveLength(1));
    expect(app.server.calls('POST /user/step/tax_residency')[0]?.body).toEqual({
      taxResidentOutsideIndia: true,
      taxResidencies: [{ country: 'United States', tin: '123-45-6789' }],
      placeOfBirth: 'Pune',
      countryOfBirth: 'India',
    });
  });

  it('a Yes changed to No: the countries are hidden, and what was typed in them is not sent', async () => {
    const app = open();
    await app.events.click(await screen.findByRole('radio', { name: 'Yes' }, slow));
    const first = await screen.findByRole('region', { name: 'Country 1' });
    await app.events.selectOptions(within(first).getByLabelText('Country of tax residence'), 'Singapore');
    await app.events.click(screen.getByRole('radio', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Country 1' })).toBeNull());
    await app.events.type(screen.getByLabelText('Place of birth'), 'Kochi');
    await app.events.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(app.server.calls('POST /user/step/tax_residency')).toHaveLength(1));
    expect(app.server.calls('POST /user/step/tax_residency')[0]?.body).toEqual({ taxResidentOutsideIndia: false, placeOfBirth: 'Kochi', countryOfBirth: 'India' });
  });
});

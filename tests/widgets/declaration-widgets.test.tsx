import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { ConsentCheckboxWidget } from '../../widgets/consent-checkbox/consent-checkbox-widget';
import { DeclarationsWidget } from '../../widgets/declarations/declarations-widget';
import { PreferenceChoiceWidget } from '../../widgets/preference-choice/preference-choice-widget';
import { widgetLoaders } from '../../widgets/registry';
import { renderWidget } from './support/widget-harness';

const value = () => JSON.parse(screen.getByTestId('value').textContent || 'null') as unknown;
const warning = { title: 'Indian citizens only', text: 'NRIs cannot be onboarded.', close: 'OK' };

describe('consentCheckbox widget', () => {
  it('is what the registry binds its config name to', async () => {
    expect(await widgetLoaders.consentCheckbox()).toBe(ConsentCheckboxWidget);
  });

  it('inverted: ticked stores false, unticked stores true and shows the warning dialog', async () => {
    renderWidget({ widget: ConsentCheckboxWidget, value: false, label: 'I am an Indian citizen', options: { inverted: true, warning }, schema: { type: 'boolean' } });
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'I am an Indian citizen' });
    expect(box.checked).toBe(true);
    const user = userEvent.setup();
    await user.click(box);
    expect(value()).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Indian citizens only' });
    expect(within(dialog).getByText('NRIs cannot be onboarded.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(box);
    expect(value()).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull(); // ticking again says nothing
  });

  it('plain: starts unticked, ticked stores true, unticked again is no answer at all, with no dialog when none is configured', async () => {
    renderWidget({ widget: ConsentCheckboxWidget, label: 'I agree', schema: { type: 'boolean' } });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'I agree' }).checked).toBe(false);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'I agree' }));
    expect(value()).toBe(true);
    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'I agree' }));
    expect(value()).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('inverted with no answer yet: shown unticked (the statement is not assumed)', () => {
    renderWidget({ widget: ConsentCheckboxWidget, label: 'I am an Indian citizen', options: { inverted: true, warning }, schema: { type: 'boolean' } });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'I am an Indian citizen' }).checked).toBe(false);
    expect(value()).toBeNull();
  });
});

describe('declarations widget as a disclosure (SEBI\'s risk disclosure on derivatives)', () => {
  const disclosure = {
    heading: 'Risk disclosures on derivatives',
    visible: 4,
    items: ['9 out of 10 individual traders in equity Futures and Options Segment, incurred net losses.'],
    source: 'Source: SEBI study dated January 25, 2023',
    link: { text: "Read SEBI's study", url: 'https://www.sebi.gov.in/study' },
  };

  it('shows the disclosure, its source and a link to the full document, then an unticked acknowledgement the applicant ticks', async () => {
    renderWidget({ widget: DeclarationsWidget, label: 'I have read and understood the risk disclosures on derivatives', options: disclosure, schema: { type: 'boolean' } });
    const region = screen.getByRole('region', { name: 'Risk disclosures on derivatives' });
    expect(within(region).getByRole('heading', { name: 'Risk disclosures on derivatives' })).toBeTruthy();
    expect(within(region).getByText(disclosure.items[0]!)).toBeTruthy();
    expect(within(region).getByText(disclosure.source)).toBeTruthy();
    expect(within(region).getByRole<HTMLAnchorElement>('link', { name: "Read SEBI's study" }).href).toBe(disclosure.link.url);
    const box = within(region).getByRole<HTMLInputElement>('checkbox', { name: 'I have read and understood the risk disclosures on derivatives' });
    expect(box.checked).toBe(false);
    const user = userEvent.setup();
    await user.click(box);
    expect(value()).toBe(true);
    await user.click(box);
    expect(value()).toBeNull();
  });
});

describe('preferenceChoice widget', () => {
  const contractNotes = {
    enumOptions: [
      { value: 'electronic', label: 'Electronic' },
      { value: 'physical', label: 'Physical' },
    ],
    notes: { physical: 'Physical contract notes cost Rs 49 per note plus courier charges, borne by you.' },
    support: ['physical'],
    supportLabel: 'Contact Support',
  };

  it('is what the registry binds its config name to', async () => {
    expect(await widgetLoaders.preferenceChoice()).toBe(PreferenceChoiceWidget);
  });

  it("shows the chosen option's note and Contact Support (the link from messages.json)", async () => {
    renderWidget({ widget: PreferenceChoiceWidget, value: 'electronic', label: 'Contract notes', options: contractNotes });
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Electronic' }).checked).toBe(true);
    expect(screen.queryByText(/Rs 49/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contact Support' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Physical' }));
    expect(value()).toBe('physical');
    expect(screen.getByText('Physical contract notes cost Rs 49 per note plus courier charges, borne by you.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe(defaultBundle.messages.links.support);
  });

  it('keeps the value type of the option (a number for the settlement days, a boolean for yes/no)', async () => {
    renderWidget({ widget: PreferenceChoiceWidget, value: 90, options: { enumOptions: [{ value: 90, label: '90 days' }, { value: 30, label: '30 days' }] } });
    await userEvent.setup().click(screen.getByRole('radio', { name: '30 days' }));
    expect(value()).toBe(30);
  });
});

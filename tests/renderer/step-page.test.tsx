import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import type { ConfigBundle, FormPageConfig, PageConfig } from '../../core/engine/config-types';
import type { ScreenProps } from '../../src/screens/screen-props';
import { renderFormApp } from './support/render-form-app';
import { knownSchemas, widgetNames } from '../fixtures/schema-ids';
import { effectNames } from '../../core/catalog/effects';

// The resume screen, standing in for any registered screen, shows what StepPage handed it.
vi.mock('../../src/screens/registry', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/screens/registry')>();
  const Probe = ({ route, options }: ScreenProps) => <output data-testid="screen-props">{JSON.stringify({ route, options })}</output>;
  return { ...real, screenRegistry: { ...real.screenRegistry, resume: Probe } };
});

const applicant = { currentStep: 'email_verification', nextStep: 'pan_verification' };

/** The default config with one page of one file replaced. */
function withPage(file: string, route: string, edit: (page: PageConfig) => PageConfig): ConfigBundle {
  const bundle = structuredClone(defaultBundle);
  const pages = bundle.pageFiles[file]!.pages;
  pages[route] = edit(pages[route]!);
  return bundle;
}

const editForm = (edit: (form: FormPageConfig['form']) => void) => (page: PageConfig) => {
  const copy = structuredClone(page) as FormPageConfig;
  edit(copy.form);
  return copy;
};

describe('StepPage', () => {
  it("hands a screen page's options to its screen", async () => {
    const bundle = withPage('flow-config/pages/status.json', '/', (page) => ({ ...page, options: { compact: true } }));
    renderFormApp({ path: '/', bundle, user: applicant });
    const props = await screen.findByTestId('screen-props');
    expect(JSON.parse(props.textContent ?? '')).toEqual({ route: '/', options: { compact: true } });
  });

  it.each([
    ['schema', editForm((form) => (form.schema = 'pann')), `no schema 'pann' in schemas/step-data (known: ${knownSchemas()})`],
    ['effect', editForm((form) => (form.effect = 'verifyPann')), `no effect 'verifyPann' (known: ${effectNames.join(', ')})`],
    ['widget', editForm((form) => ((form.uiSchema as { pan: Record<string, string> }).pan['ui:widget'] = 'uppercaseTxt')), `no widget 'uppercaseTxt' at pan (known: ${widgetNames.join(', ')})`],
  ])('shows an alert naming the route for an unknown %s, not a blank page', async (_name, edit, problem) => {
    renderFormApp({ path: '/verify-pan', bundle: withPage('flow-config/pages/pan.json', '/verify-pan', edit), user: applicant });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('page /verify-pan in flow-config/pages has a problem');
    expect(alert.textContent).toContain(problem);
  });

  it('shows an alert naming the route for an unknown screen', async () => {
    const bundle = withPage('flow-config/pages/email.json', '/add-email', (page) => ({ ...page, screen: 'emailEntryy' }) as PageConfig);
    renderFormApp({ path: '/add-email', bundle, user: { currentStep: 'mobile_verification', nextStep: 'email_verification' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('page /add-email');
    expect(alert.textContent).toContain("no screen 'emailEntryy'");
  });

  it('catches whatever a page throws while rendering and names the route', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    // A built-in widget rjsf cannot put on a text field.
    const bundle = withPage('flow-config/pages/pan.json', '/verify-pan', editForm((form) => ((form.uiSchema as { pan: Record<string, string> }).pan['ui:widget'] = 'checkboxes')));
    renderFormApp({ path: '/verify-pan', bundle, user: applicant });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Page /verify-pan could not be shown.'));
  });
});

import type { RJSFSchema } from '@rjsf/utils';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { configCatalog } from '../../core/catalog/catalog';
import { checkConfigMeaning } from '../../core/engine/config-check';
import type { ConfigBundle, FormPageConfig } from '../../core/engine/config-types';
import { precompiledValidators } from '../../src/renderer/form/validators';
import { swapSteps } from '../fixtures/flow-config';
import { nodeValidators, realStepSchemas } from './support/node-validators';
import { answerPan } from './support/pan-routes';
import { renderFormApp } from './support/render-form-app';

/**
 * What compliance and product would change by editing flow-config/ and schemas/step-data alone: a question
 * renamed, a message reworded, an option added, two steps swapped. No code below knows about any of it.
 */
function tempConfig(): { bundle: ConfigBundle; schemas: Record<string, RJSFSchema> } {
  const bundle = structuredClone(defaultBundle);
  bundle.flow = swapSteps(bundle.flow, 'email_verification', 'pan_verification');
  const panPage = bundle.pageFiles['flow-config/pages/pan.json']!.pages['/verify-pan'] as FormPageConfig;
  panPage.copy['pan.label'] = 'Permanent Account Number';
  // The modification page becomes a plain schema form with the gender question as radio buttons.
  bundle.pageFiles['flow-config/pages/modification.json']!.pages['/modification'] = {
    form: {
      schema: 'modification-details',
      effect: 'saveModificationDetails',
      uiSchema: { gender: { 'ui:widget': 'radio', 'ui:enumNames': { male: 'Male', female: 'Female', others: 'Others', transgender: 'Transgender' } } },
    },
    copy: { title: 'Personal Details', submit: 'Submit', 'gender.label': 'Gender' },
  };

  const schemas = realStepSchemas();
  const pan = schemas.pan as { properties: { pan: { errorMessage: string } } };
  pan.properties.pan.errorMessage = 'PAN must look like ABCDE1234F';
  const details = schemas['modification-details'] as { properties: { gender: { oneOf: { const: string; title: string }[] } } };
  details.properties.gender.oneOf.push({ const: 'transgender', title: 'Transgender' });
  return { bundle, schemas };
}

describe('a temporary config: question renamed, message changed, option added, steps swapped', () => {
  const { bundle, schemas } = tempConfig();
  const validators = nodeValidators(schemas);

  it('passes the config check against its own schemas', () => {
    expect(checkConfigMeaning(bundle, configCatalog(schemas))).toEqual([]);
  });

  it('the PAN form shows the new label and message, and continues in the new order', async () => {
    const user = userEvent.setup();
    const app = renderFormApp({ path: '/verify-pan', bundle, validators, user: { currentStep: 'mobile_verification', nextStep: 'pan_verification' } });
    answerPan(app.server, app.user, bundle.flow);
    const pan = await screen.findByLabelText<HTMLInputElement>('Permanent Account Number');
    await user.type(pan, 'ABCD12345F');
    const field = pan.closest<HTMLElement>('.onboard-field')!;
    expect(within(field).getByRole('alert').textContent).toBe('PAN must look like ABCDE1234F');

    await waitFor(() => expect(document.querySelector('.onboard-date-input')).not.toBeNull());
    await user.click(screen.getByPlaceholderText('Date of birth (in DD/MM/YYYY)'));
    await user.type(screen.getByPlaceholderText('Date of birth (in DD/MM/YYYY)'), '15/08/1990');
    await user.tab();
    await user.clear(pan);
    await user.type(pan, 'ABCPE1234F');
    await user.click(screen.getByRole('button', { name: 'Verify and Continue' }));
    // With PAN now before email, the step after PAN is email verification.
    await waitFor(() => expect(app.path()).toBe('/add-email'));
  });

  it('a form offers the added option and its validation accepts it', async () => {
    const user = userEvent.setup();
    renderFormApp({ path: '/modification', bundle, validators, user: { currentStep: 'verification_pending', nextStep: 'modification' } });
    const added = await screen.findByRole('radio', { name: 'Transgender' });
    await user.click(added);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toContain('Occupation is required'); // the rest of the form is still checked
    expect(alerts).not.toContain('Gender is required');
  });

  it("validation follows the schema: the build's validators reject the new option, the edited schema's accept it", async () => {
    await precompiledValidators.load('modification-details');
    const genderErrors = (source: typeof validators) => {
      const { schema, validator } = source.get('modification-details')!;
      return validator.validateFormData({ gender: 'transgender' }, schema).errors.filter((e) => e.property === '.gender');
    };
    expect(genderErrors(precompiledValidators).map((e) => e.message)).toEqual(['Gender is required']);
    expect(genderErrors(validators)).toEqual([]);
  });

  it('the option comes from the schema: with the repository schema the same page does not offer it', async () => {
    renderFormApp({ path: '/modification', bundle, user: { currentStep: 'verification_pending', nextStep: 'modification' } });
    await screen.findByRole('radio', { name: 'Male' });
    expect(screen.queryByRole('radio', { name: 'Transgender' })).toBeNull();
  });
});

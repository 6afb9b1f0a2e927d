import type { RJSFSchema } from '@rjsf/utils';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { configCatalog, formCatalog } from '../../core/catalog/catalog';
import { checkConfigMeaning } from '../../core/engine/config-check';
import type { ConfigBundle, FormPageConfig, ScreenPageConfig } from '../../core/engine/config-types';
import { formNameProblems } from '../../core/engine/form-check';
import type { FormPageSpec, RuleDialogSpec } from '../../core/engine/form-layout';
import { makeUser } from '../app/support/fake-server';
import { findHeading } from '../app/support/render-app';
import { nodeValidators, realStepSchemas } from '../renderer/support/node-validators';
import { renderFormApp } from '../renderer/support/render-form-app';
import { loadStepSchemas } from '../../server/validation/step-schemas';
import { schemaOptions } from '../fixtures/schema-texts';
import { tempStepSchemas } from '../fixtures/temp-schemas';

const pdFile = 'flow-config/pages/personal-details.json';
const modFile = 'flow-config/pages/modification.json';

interface Layout {
  pages: FormPageSpec[];
  ruleDialogs: RuleDialogSpec[];
}
type Ui = Record<string, Record<string, unknown>> & { 'ui:options': Layout };
interface EmbeddedForm {
  form: FormPageConfig['form'] & { uiSchema: Ui };
}

function personalPage(bundle: ConfigBundle): FormPageConfig & { form: { uiSchema: Ui } } {
  return bundle.pageFiles[pdFile]!.pages['/personal-details'] as FormPageConfig & { form: { uiSchema: Ui } };
}

function modificationPage(bundle: ConfigBundle): ScreenPageConfig & { options: EmbeddedForm } {
  return bundle.pageFiles[modFile]!.pages['/modification'] as ScreenPageConfig & { options: EmbeddedForm };
}

type EditableSchema = RJSFSchema & { properties: Record<string, { enum: string[] }>; errorMessage: { required: Record<string, string> } };

/**
 * A temporary config, as compliance would edit it: the gender question renamed, occupation asked before marital
 * status, an option added to the schemas and a message changed. No code changes.
 */
function editedConfig() {
  const bundle = structuredClone(defaultBundle);
  const { pages } = personalPage(bundle).form.uiSchema['ui:options'];
  pages[0]!.title = 'How do you identify?';
  [pages[1], pages[2]] = [pages[2]!, pages[1]!];
  const modification = modificationPage(bundle);
  modification.copy['gender.label'] = 'Gender identity';
  const ui = modification.options.form.uiSchema;
  const fields = ui['ui:options'].pages[0]!.fields;
  [fields[1], fields[2]] = [fields[2]!, fields[1]!];

  // The option is added once, to its list; both schemas take it from there (modification lowercases it). The
  // message is personal details' own, which modification refers to.
  const dir = tempStepSchemas(
    (files) => ((files['personal-details'] as EditableSchema).errorMessage.required.gender = 'Please tell us your gender identity'),
    (lists) => (lists.gender as { enum: string[] }).enum.push('Transgender'),
  );
  const schemas = Object.fromEntries(loadStepSchemas(dir).map(({ id, schema }) => [id, schema]));
  return { bundle, schemas, validators: nodeValidators(schemas) };
}

describe('personal details follow a temporary config with no code change', () => {
  it('the edited config is still valid for both pages', () => {
    const { bundle, schemas } = editedConfig();
    expect(checkConfigMeaning(bundle, configCatalog(schemas))).toEqual([]);
  });

  it('the renamed question, the added option and the new order show; the client validator accepts the new value', async () => {
    const { bundle, validators } = editedConfig();
    const app = renderFormApp({ path: '/personal-details', user: { nextStep: 'personal_details' }, bundle, validators });
    const posted: Record<string, unknown>[] = [];
    app.server.on('POST /user/personal-details', (request) => {
      posted.push(request.body);
      return { status: 200, body: { message: 'Personal Details Saved!', user: makeUser({ currentStep: 'personal_details', nextStep: 'bank_details' }) } };
    });
    const user = userEvent.setup();
    await findHeading('How do you identify?');
    expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual([...schemaOptions('personal-details', 'gender'), 'Transgender']);
    await user.click(screen.getByRole('radio', { name: 'Transgender' }));
    await findHeading('What is your occupation?');
    expect(screen.getByText('Question 2 of 7')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Business' }));
    await findHeading('What is your marital status?');
    await user.click(screen.getByRole('radio', { name: 'Married' }));
    await user.click(await screen.findByRole('radio', { name: '5-10 Lac' }));
    await user.click(await screen.findByRole('radio', { name: 'More than 5 years' }));
    await user.type(await screen.findByLabelText("Father's / Parent's Name"), 'Ramesh Iyer');
    await user.type(screen.getByLabelText("Mother's Name"), 'Lakshmi Iyer');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await findHeading('Choose your Trading Segments');
    await user.click(screen.getByRole('checkbox', { name: /^I agree to the other options below/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(app.path()).toBe('/link-bank-account'));
    expect(posted[0]).toMatchObject({ gender: 'Transgender', occupation: 'Business', maritalStatus: 'Married' });
  });

  it("the modification form follows its own edits (new label and order), the new option (sent lowercase) and personal details' edited message", async () => {
    const { bundle, validators } = editedConfig();
    const app = renderFormApp({ path: '/modification', user: { nextStep: 'modification', rejectedSteps: { personal_details: {} } }, bundle, validators });
    const posted: Record<string, unknown>[] = [];
    app.server.on('POST /user/modification/details', (request) => {
      posted.push(request.body);
      return { status: 200, body: { message: 'Personal Details Saved!', user: makeUser({ nextStep: 'verification_pending' }) } };
    });
    const user = userEvent.setup();
    await findHeading('Welcome Back');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(screen.getByText('Please tell us your gender identity')).toBeTruthy();
    const labels = [...document.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels.slice(0, 3)).toEqual(['Gender identity', 'Occupation', 'Marital Status']);
    await user.selectOptions(screen.getByLabelText('Gender identity'), 'Transgender');
    await user.selectOptions(screen.getByLabelText('Marital Status'), 'Others');
    await user.selectOptions(screen.getByLabelText('Occupation'), 'Retired');
    await user.selectOptions(screen.getByLabelText('Income Segment'), '>1 Cr');
    await user.selectOptions(screen.getByLabelText('Trading Experience'), 'Below 1 year');
    await user.type(screen.getByLabelText("Father's / Parent's Name"), 'Suresh Kumar');
    await user.type(screen.getByLabelText("Mother's Name"), 'Anita Kumar');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ gender: 'transgender', maritalStatus: 'others', occupation: 'Retired' });
  });
});

describe('a config mistake is named, never a blank page', () => {
  const schemas = realStepSchemas();
  const options = '/form/uiSchema/ui:options';
  const edit = (change: (form: FormPageConfig['form'] & { uiSchema: Ui }) => void) => {
    const { form } = structuredClone(personalPage(defaultBundle));
    change(form);
    return formNameProblems(form, formCatalog(schemas));
  };
  const layoutOf = (form: { uiSchema: Ui }) => form.uiSchema['ui:options'];

  it.each<[string, (form: FormPageConfig['form'] & { uiSchema: Ui }) => void, string]>([
    ['an unknown effect', (f) => (f.effect = 'savePersonalDetail'), "no effect 'savePersonalDetail'"],
    ['an unknown schema', (f) => (f.schema = 'personal-detail'), "no schema 'personal-detail' in schemas/step-data"],
    ['a field the schema lacks', (f) => (layoutOf(f).pages[0]!.fields = ['sex']), `${options}/pages/0/fields/0: field 'sex' is not in schema 'personal-details'`],
    ['a field on two pages', (f) => layoutOf(f).pages[1]!.fields.push('gender'), `${options}/pages/1/fields/1: field 'gender' is already on page 0`],
    ['a required field on no page', (f) => layoutOf(f).pages.splice(4, 1), `${options}/pages: required field 'tradingExperience' of schema 'personal-details' is on no page`],
    ['a page without its heading', (f) => delete layoutOf(f).pages[2]!.title, `${options}/pages/2: a page of a paged form needs a 'title' (its heading)`],
    ['a rule dialog for a field no rule constrains', (f) => (layoutOf(f).ruleDialogs[0]!.field = 'occupation'),
      `${options}/ruleDialogs/0: schema 'personal-details' has no if/then rule on 'occupation' that forbids a value`],
    ['an unknown widget', (f) => (f.uiSchema.gender!['ui:widget'] = 'optionCard'), "no widget 'optionCard' at gender"],
  ])('%s', (_name, change, problem) => {
    expect(edit(change).join('\n')).toContain(problem);
  });

  it('the page shows the problem and the route', async () => {
    const bundle = structuredClone(defaultBundle);
    personalPage(bundle).form.uiSchema['ui:options'].pages[0]!.fields = ['sex'];
    renderFormApp({ path: '/personal-details', user: { nextStep: 'personal_details' }, bundle });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('page /personal-details');
    expect(alert.textContent).toContain(`${options}/pages/0/fields/0: field 'sex' is not in schema 'personal-details'`);
  });

  it('the modification page shows a problem of its form and the route', async () => {
    const bundle = structuredClone(defaultBundle);
    modificationPage(bundle).options.form.effect = 'saveModification';
    renderFormApp({ path: '/modification', user: { nextStep: 'modification', rejectedSteps: { personal_details: {} } }, bundle });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('page /modification');
    expect(alert.textContent).toContain("no effect 'saveModification'");
  });
});

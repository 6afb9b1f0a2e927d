import type { RJSFSchema } from '@rjsf/utils';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultBundle } from '../../src/config/bundle';
import { effectNames } from '../../src/effects/effect-names';
import type { ConfigBundle } from '../../src/engine/config-types';
import { modificationProblems } from '../../src/screens/modification/options-check';
import type { ModificationOptions } from '../../src/screens/modification/options';
import type { PersonalDetailsOptions } from '../../src/screens/personal-details/options';
import { personalDetailsProblems } from '../../src/screens/personal-details/options-check';
import { pageOptions } from '../../src/screens/personal-details/page-options';
import type { ObjectSchema } from '../../src/screens/personal-details/questions';
import { mergePages } from '../../src/engine/config-check';
import { makeUser } from '../app/support/fake-server';
import { findHeading } from '../app/support/render-app';
import { nodeValidators, realStepSchemas } from '../renderer/support/node-validators';
import { renderFormApp } from '../renderer/support/render-form-app';

const pdFile = 'flow-config/pages/personal-details.json';
const modFile = 'flow-config/pages/modification.json';

function optionsOf(bundle: ConfigBundle): PersonalDetailsOptions {
  return pageOptions(bundle.pageFiles[pdFile]!.pages['/personal-details']) as unknown as PersonalDetailsOptions;
}

function modificationOptionsOf(bundle: ConfigBundle): ModificationOptions {
  return pageOptions(bundle.pageFiles[modFile]!.pages['/modification']) as unknown as ModificationOptions;
}

type EditableSchema = RJSFSchema & { properties: Record<string, { enum: string[]; oneOf?: { const: string; title: string }[] }>; errorMessage: { required: Record<string, string> } };

/**
 * A temporary config, as compliance would edit it: the gender question renamed, occupation asked before
 * marital status, an option added to the schemas and a message changed. No code changes.
 */
function editedConfig() {
  const bundle = structuredClone(defaultBundle);
  const options = optionsOf(bundle);
  const gender = options.steps.find((step) => step.id === 'gender')!;
  gender.title = 'How do you identify?';
  if (gender.type === 'choice') gender.label = 'Gender identity';
  const [marital, occupation] = [options.steps[1]!, options.steps[2]!];
  options.steps[1] = occupation;
  options.steps[2] = marital;

  const schemas = realStepSchemas();
  const personal = schemas['personal-details'] as EditableSchema;
  personal.properties.gender!.enum.push('Transgender');
  const modification = schemas['modification-details'] as EditableSchema;
  modification.properties.gender!.oneOf!.push({ const: 'transgender', title: 'Transgender' });
  modification.errorMessage.required.gender = 'Please tell us your gender identity';
  return { bundle, schemas, validators: nodeValidators(schemas) };
}

describe('personal details follow a temporary config with no code change', () => {
  it('the edited config is still valid for both screens', () => {
    const { bundle, schemas } = editedConfig();
    const shapes = schemas as Record<string, ObjectSchema>;
    expect(personalDetailsProblems(optionsOf(bundle), shapes, effectNames)).toEqual([]);
    expect(modificationProblems(modificationOptionsOf(bundle), mergePages(bundle), shapes, effectNames)).toEqual([]);
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
    expect(screen.getAllByRole('radio').map((radio) => radio.textContent)).toEqual(['Male', 'Female', 'Others', 'Transgender']);
    await user.click(screen.getByRole('radio', { name: 'Transgender' }));
    await findHeading('What is your occupation?');
    expect(screen.getByText('Step 2 of 7')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Business' }));
    await findHeading('What is your marital status?');
    await user.click(screen.getByRole('radio', { name: 'Married' }));
    await user.click(await screen.findByRole('radio', { name: '5-10 Lac' }));
    await user.click(await screen.findByRole('radio', { name: 'More than 5 years' }));
    await user.type(await screen.findByLabelText("Father's / Parent's Name"), 'Ramesh Iyer');
    await user.type(screen.getByLabelText("Mother's Name"), 'Lakshmi Iyer');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await findHeading('Choose your trading segments');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(app.path()).toBe('/link-bank-account'));
    expect(posted[0]).toMatchObject({ gender: 'Transgender', occupation: 'Business', maritalStatus: 'Married' });
  });

  it('the modification form follows too: new label, new option (sent lowercase), the edited message', async () => {
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
  const schemas = realStepSchemas() as Record<string, ObjectSchema>;
  const edit = (change: (options: PersonalDetailsOptions) => void) => {
    const options = structuredClone(optionsOf(defaultBundle));
    change(options);
    return personalDetailsProblems(options, schemas, effectNames);
  };

  it.each<[string, (options: PersonalDetailsOptions) => void, string]>([
    ['an unknown effect', (o) => (o.effect = 'savePersonalDetail'), "no effect 'savePersonalDetail'"],
    ['an unknown schema', (o) => (o.schema = 'personal-detail'), "no step schema 'personal-detail' in schemas/step-data"],
    ['a field the schema lacks', (o) => Object.assign(o.steps[0]!, { field: 'sex' }), "step 'gender': field 'sex' is not in schema 'personal-details'"],
    ['a text field as a choice', (o) => o.steps.splice(0, 1, { id: 'gender', type: 'choice', field: 'fatherName', label: 'x', title: 'x' }), "step 'gender': field 'fatherName' has no enum of options"],
    ['a segment the schema lacks', (o) => o.steps[6]!.type === 'segments' && o.steps[6]!.segments.push({ value: 'MF', label: 'Mutual Funds' }), "step 'segmentSelection': segment 'MF' is not in the enum of 'segments'"],
    ['a rule on a question no step asks', (o) => o.steps[6]!.type === 'segments' && (o.steps[6]!.rules![0]!.field = 'income'), "step 'segmentSelection': rule names field 'income', which no step asks"],
    ['a step declared twice', (o) => o.steps.push(structuredClone(o.steps[0]!)), "step 'gender' is declared twice"],
  ])('%s', (_name, change, problem) => {
    expect(edit(change).join('\n')).toContain(problem);
  });

  it('the screen shows the problem and the route', async () => {
    const bundle = structuredClone(defaultBundle);
    Object.assign(optionsOf(bundle).steps[0]!, { field: 'sex' });
    renderFormApp({ path: '/personal-details', user: { nextStep: 'personal_details' }, bundle });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('page /personal-details');
    expect(alert.textContent).toContain("step 'gender': field 'sex' is not in schema 'personal-details'");
  });
});

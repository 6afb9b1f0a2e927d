import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configProblems, tempConfigDir } from '../fixtures/flow-config';
import { widgetNames } from '../../core/catalog/widgets';
import { effectNames } from '../../core/catalog/effects';

// Parsed JSON, edited freely by each case.
type Json = Record<string, any>;

function problemsAfter(file: string, edit: (pages: Json) => void): string[] {
  const dir = tempConfigDir((flow) => flow);
  const path = join(dir, 'pages', file);
  const content = JSON.parse(readFileSync(path, 'utf8')) as Json;
  edit(content.pages as Json);
  writeFileSync(path, JSON.stringify(content));
  return configProblems(dir);
}

const personal = 'flow-config/pages/personal-details.json: page /personal-details';
const layout = (pages: Json) => pages['/personal-details'].form.uiSchema['ui:options'];
const ui = (pages: Json) => pages['/personal-details'].form.uiSchema;
const modification = "flow-config/pages/modification.json: page /modification: options.form of screen 'modification'";
const modForm = (pages: Json) => pages['/modification'].options.form;
const documents = "flow-config/pages/modification.json: page /modification: options.documentForm of screen 'modification'";
const documentForm = (pages: Json) => pages['/modification'].options.documentForm;

describe('the paged personal-details form is checked by npm run check:config, naming file and JSON path', () => {
  it.each<[string, (pages: Json) => void, string]>([
    ['a page naming a field the schema lacks', (p) => (layout(p).pages[0].fields = ['gendr']),
      `${personal}: /form/uiSchema/ui:options/pages/0/fields/0: field 'gendr' is not in schema 'personal-details' (fields: gender, maritalStatus, occupation, incomeSegment, tradingExperience, fatherName, motherName, segments, otherOptionsDeclaration, fnoRiskAcknowledged)`],
    ['a required field on no page', (p) => layout(p).pages.splice(5, 1),
      `${personal}: /form/uiSchema/ui:options/pages: required field 'fatherName' of schema 'personal-details' is on no page`],
    ['a field on two pages', (p) => layout(p).pages[6].fields.push('gender'),
      `${personal}: /form/uiSchema/ui:options/pages/6/fields/3: field 'gender' is already on page 0`],
    ['a misspelt key of the form layout', (p) => (layout(p).pagez = layout(p).pages),
      `${personal}: /form/uiSchema/ui:options: must NOT have additional properties 'pagez'`],
    ['a misspelt key of a page', (p) => (layout(p).pages[3].subtitel = 'x'),
      `${personal}: /form/uiSchema/ui:options: pages.3 must NOT have additional properties 'subtitel'`],
    ["a misspelt key of a widget's ui:options", (p) => (ui(p).incomeSegment['ui:options'] = { label: false, revers: true }),
      `${personal}: 'ui:options' of widget 'optionCards' at incomeSegment: must NOT have additional properties 'revers'`],
    ["a wrong type in a widget's ui:options", (p) => (ui(p).segments['ui:options'].note.linkUrl = 'http://plain'),
      `${personal}: 'ui:options' of widget 'checkboxCards' at segments: note.linkUrl must match pattern "^https://"`],
    ['a rule dialog for a field no rule of the schema constrains', (p) => (layout(p).ruleDialogs[0].field = 'occupation'),
      `${personal}: /form/uiSchema/ui:options/ruleDialogs/0: schema 'personal-details' has no if/then rule on 'occupation' that forbids a value, so the dialog has nothing to explain`],
    ['no Next label', (p) => delete p['/personal-details'].copy.next,
      `${personal}: copy has no 'next' (the Next button label)`],
  ])('%s', (_name, edit, problem) => {
    expect(problemsAfter('personal-details.json', edit)).toContain(problem);
  });
});

describe("the form the modification screen embeds is checked like a form page's", () => {
  it.each<[string, (pages: Json) => void, string]>([
    ['an unknown effect', (p) => (modForm(p).effect = 'saveModification'),
      `${modification}: no effect 'saveModification' (known: ${effectNames.join(', ')})`],
    ['a page naming a field the schema lacks', (p) => (modForm(p).uiSchema['ui:options'].pages[0].fields[0] = 'sex'),
      `${modification}: /options/form/uiSchema/ui:options/pages/0/fields/0: field 'sex' is not in schema 'modification-details' (fields: gender, maritalStatus, occupation, incomeSegment, tradingExperience, fatherName, motherName, segments)`],
    ['a label for an option the schema lacks', (p) => (modForm(p).uiSchema.gender['ui:enumNames'] = { femal: 'Female' }),
      `${modification}: 'ui:enumNames' at gender labels 'femal', which is not an option of the schema (options: male, female, others)`],
    ['an unknown widget', (p) => (modForm(p).uiSchema.occupation['ui:widget'] = 'nativeSelekt'),
      `${modification}: no widget 'nativeSelekt' at occupation (known: ${widgetNames.join(', ')})`],
  ])('%s', (_name, edit, problem) => {
    expect(problemsAfter('modification.json', edit)).toContain(problem);
  });

  it.each<[string, (pages: Json) => void, string]>([
    ['an unknown effect of the re-upload form', (p) => (documentForm(p).effect = 'reupload'),
      `${documents}: no effect 'reupload' (known: ${effectNames.join(', ')})`],
    ['a widget of the re-upload form misspelt', (p) => (documentForm(p).uiSchema.data['ui:widget'] = 'documentFiel'),
      `${documents}: no widget 'documentFiel' at data (known: ${widgetNames.join(', ')})`],
    ['a copy text for a field neither form has', (p) => (p['/modification'].copy['datta.label'] = 'File'),
      `${documents}: copy 'datta.label' names field 'datta', which schema 'modification-document' does not have`],
  ])('%s', (_name, edit, problem) => {
    expect(problemsAfter('modification.json', edit)).toContain(problem);
  });

  it("one copy serves both forms: each form's field texts are not reported against the other form", () => {
    expect(problemsAfter('modification.json', () => undefined)).toEqual([]);
  });

  it('names a modification page without its form (options schema)', () => {
    const problems = problemsAfter('modification.json', (p) => delete p['/modification'].options.form);
    expect(problems).toEqual(["flow-config/pages/modification.json: page /modification: options of screen 'modification': must have required property 'form'"]);
  });
});

import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config/load-config';
import { STEP_SCHEMA_DIR } from '../../server/validation/step-schemas';
import { isFormPage } from '../../core/engine/config-types';
import { tempConfigDir, configProblems } from '../fixtures/flow-config';
import { knownSchemas, widgetNames } from '../fixtures/schema-ids';
import { effectNames } from '../../core/catalog/effects';

// Parsed JSON, edited freely by each case.
type Json = Record<string, any>;

const problemsOf = (dir: string, stepSchemasDir?: string) => configProblems(dir, stepSchemasDir ? { stepSchemasDir } : {});

function editJson(path: string, edit: (value: Json) => void): void {
  const value = JSON.parse(readFileSync(path, 'utf8')) as Json;
  edit(value);
  writeFileSync(path, JSON.stringify(value));
}

/** A temporary flow-config whose pages/<file> was edited, and the problems the check reports for it. */
function problemsAfter(file: string, edit: (pages: Json) => void): string[] {
  const dir = tempConfigDir((flow) => flow);
  editJson(join(dir, 'pages', file), (content) => edit(content.pages as Json));
  return problemsOf(dir);
}

const pan = 'flow-config/pages/pan.json: page /verify-pan';
const datePattern = '^(today|(0[1-9]|[12][0-9]|3[01])/(0[1-9]|1[0-2])/[0-9]{4})$';

describe('form pages in flow-config', () => {
  it('the real config loads with both PAN routes as form pages (and the KRA record to confirm as a screen)', () => {
    const bundle = loadConfig();
    const pages = bundle.pageFiles['flow-config/pages/pan.json']?.pages ?? {};
    expect(Object.keys(pages)).toEqual(['/verify-pan', '/change-dob', '/confirm-pan']);
    expect(Object.entries(pages).map(([route, page]) => [route, isFormPage(page)])).toEqual([
      ['/verify-pan', true],
      ['/change-dob', true],
      ['/confirm-pan', false],
    ]);
  });

  it.each([
    ['a registered widget with a typo', (p: Json) => (p['/verify-pan'].form.uiSchema.pan['ui:widget'] = 'uppercaseTxt'),
      `${pan}: no widget 'uppercaseTxt' at pan (known: ${widgetNames.join(', ')})`],
    ['an unknown effect', (p: Json) => (p['/verify-pan'].form.effect = 'verifyPann'),
      `${pan}: no effect 'verifyPann' (known: ${effectNames.join(', ')})`],
    ['an unknown schema', (p: Json) => (p['/verify-pan'].form.schema = 'pann'),
      `${pan}: no schema 'pann' in schemas/step-data (known: ${knownSchemas()})`],
    ['a uiSchema field the schema lacks', (p: Json) => (p['/verify-pan'].form.uiSchema.dateOfBrith = { 'ui:widget': 'dateInput' }),
      `${pan}: uiSchema names field 'dateOfBrith', which schema 'pan' does not have (fields: pan, dateOfBirth)`],
    ['copy for a field the schema lacks', (p: Json) => (p['/verify-pan'].copy['dateOfBrith.label'] = 'Date of Birth'),
      `${pan}: copy 'dateOfBrith.label' names field 'dateOfBrith', which schema 'pan' does not have`],
    ['no button label', (p: Json) => delete p['/verify-pan'].copy.submit,
      `${pan}: copy has no 'submit' (the button label)`],
    ['a back route that is no route', (p: Json) => (p['/change-dob'].form.back = '/verify-pann'),
      'flow-config/pages/pan.json: page /change-dob: back route /verify-pann is not a route of any step in flow-config/flow.json'],
    ['a back action without its label', (p: Json) => delete p['/change-dob'].copy.back,
      "flow-config/pages/pan.json: page /change-dob: copy has no 'back' (the back action label)"],
    ['a next route that is no route', (p: Json) => (p['/verify-pan'].form.next = '/kyc'),
      `${pan}: next route /kyc is not a route of any step in flow-config/flow.json`],
    ['a misspelt key of the form (meta-schema)', (p: Json) => { p['/verify-pan'].form.efect = p['/verify-pan'].form.effect; delete p['/verify-pan'].form.effect; },
      `${pan}: /form must have required property 'effect'`],
  ])('names the file and route for %s', (_name, edit, message) => {
    expect(problemsAfter('pan.json', edit)).toContain(message);
  });

  it("checks each widget's ui:options against its options schema", () => {
    const problems = problemsAfter('pan.json', (p) => {
      p['/verify-pan'].form.uiSchema.dateOfBirth['ui:options'] = { clearable: 'yes', min: '1900-01-01' };
    });
    expect(problems).toEqual([
      `${pan}: 'ui:options' of widget 'dateInput' at dateOfBirth: clearable must be boolean`,
      `${pan}: 'ui:options' of widget 'dateInput' at dateOfBirth: min must match pattern "${datePattern}"`,
    ]);
  });

  it("reports a misspelt ui:options key (options schemas refuse unknown keys); rjsf's own keys stay allowed", () => {
    const problems = problemsAfter('pan.json', (p) => {
      p['/verify-pan'].form.uiSchema.dateOfBirth['ui:options'] = { clearabel: true, label: true, placeholder: 'DD/MM/YYYY' };
    });
    expect(problems).toEqual([`${pan}: 'ui:options' of widget 'dateInput' at dateOfBirth: must NOT have additional properties 'clearabel'`]);
  });

  it.each(['textarea', 'hidden', 'radio', 'select', 'checkboxes'])("accepts rjsf's own '%s' widget", (widget) => {
    expect(problemsAfter('pan.json', (p) => (p['/verify-pan'].form.uiSchema.pan['ui:widget'] = widget))).toEqual([]);
  });

  it('labels for options must name options the schema has', () => {
    const problems = problemsAfter('modification.json', (p) => {
      p['/modification'] = {
        form: {
          schema: 'modification-details',
          effect: 'saveModificationDetails',
          uiSchema: { gender: { 'ui:widget': 'radio', 'ui:enumNames': { male: 'Male', femal: 'Female' } } },
        },
        copy: { title: 'Personal Details', submit: 'Submit' },
      };
    });
    expect(problems).toEqual([
      "flow-config/pages/modification.json: page /modification: 'ui:enumNames' at gender labels 'femal', which is not an option of the schema (options: male, female, others)",
    ]);
  });

  it('names a step-data schema that does not compile', () => {
    const schemas = join(mkdtempSync(join(tmpdir(), 'onboard-schemas-')), 'schemas', 'step-data');
    cpSync(join(STEP_SCHEMA_DIR, '..'), join(schemas, '..'), { recursive: true });
    editJson(join(schemas, 'pan.schema.json'), (schema) => (schema.properties.pan.type = 'strin'));
    const problems = problemsOf(tempConfigDir((flow) => flow), schemas);
    expect(problems).toContainEqual(
      expect.stringMatching(/^flow-config\/pages\/pan\.json: page \/verify-pan: schema 'pan' \(schemas\/step-data\/pan\.schema\.json\) does not compile: /),
    );
  });
});

describe('screen options in flow-config', () => {
  it("checks a screen's options against its options schema; screens without one take none", () => {
    const problems = problemsAfter('sign-in.json', (p) => (p['/login'].options = { prefill: true }));
    expect(problems).toEqual(["flow-config/pages/sign-in.json: page /login: options of screen 'mobileLogin': must NOT have additional properties 'prefill'"]);
  });

  it('names a screen page with a misspelt key (meta-schema)', () => {
    const problems = problemsAfter('sign-in.json', (p) => (p['/login'].option = {}));
    expect(problems).toEqual(["flow-config/pages/sign-in.json: page /login: must NOT have additional properties 'option'"]);
  });
});

describe('npm run check:config', () => {
  it('exits 1 naming the file, the route and the unknown widget', () => {
    const dir = tempConfigDir((flow) => flow);
    editJson(join(dir, 'pages', 'pan.json'), (content) => (content.pages['/verify-pan'].form.uiSchema.pan['ui:widget'] = 'uppercaseTxt'));
    let failure: { status: number; stderr: string } | undefined;
    try {
      execFileSync('npx', ['tsx', 'scripts/check-config.ts', dir], { encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      failure = error as { status: number; stderr: string };
    }
    expect(failure?.status).toBe(1);
    expect(failure?.stderr).toContain(`${pan}: no widget 'uppercaseTxt' at pan (known: ${widgetNames.join(', ')})`);
  });
});

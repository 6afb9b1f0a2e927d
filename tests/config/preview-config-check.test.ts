import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempConfigDir, configProblems } from '../fixtures/flow-config';

/** npm run check:config on what issue 32 added: 'Preview what you sign' sections and 'Same address as mine'. */

const problemsOf = (dir: string) => configProblems(dir);

/** Config files as tests edit them: any shape, as a person editing JSON may write. */
type Json = Record<string, any>;

function withPage(file: string, route: string, edit: (page: Json) => void): string {
  const dir = tempConfigDir((flow) => flow);
  const path = join(dir, 'pages', file);
  const pages = JSON.parse(readFileSync(path, 'utf8')) as Json;
  edit(pages.pages[route]);
  writeFileSync(path, JSON.stringify(pages));
  return dir;
}

describe("'Preview what you sign' (/aadhaar-esign options.preview)", () => {
  it.each<[string, (page: Json) => void, string]>([
    ['a misspelt step', (p) => (p.options.preview[0].fields[0] = 'pan_verfication.name'), "flow-config/pages/identity.json: page /aadhaar-esign: options.preview[0]: 'pan_verfication.name' names no step of flow-config/flow.json"],
    ['a field the applicant record lacks', (p) => (p.options.preview[0].fields[3] = 'applicant.mobile'), "flow-config/pages/identity.json: page /aadhaar-esign: options.preview[0]: 'applicant.mobile' names no field of the applicant record (schemas/user.schema.json)"],
    ['a masked field it does not show', (p) => (p.options.preview[4].masked = ['bank_details.vpa']), "flow-config/pages/identity.json: page /aadhaar-esign: options.preview[4]: masked 'bank_details.vpa' is not one of its fields"],
  ])('%s', (_name, edit, problem) => {
    expect(problemsOf(withPage('identity.json', '/aadhaar-esign', edit))).toContain(problem);
  });
});

describe("'Same address as mine' (/add-nominee nominees.items ui:options.sameAddress)", () => {
  const sameAddress = (page: Json) => page.form.uiSchema.nominees.items['ui:options'].sameAddress as Json;
  it.each<[string, (page: Json) => void, string]>([
    ['a field the nominee lacks', (p) => (sameAddress(p).fields.line3 = 'line2'), "flow-config/pages/nominee.json: page /add-nominee: uiSchema nominees.items: sameAddress: fills 'line3', which is not a field here"],
    ['a part no address has', (p) => (sameAddress(p).fields.line2 = 'street'), "flow-config/pages/nominee.json: page /add-nominee: uiSchema nominees.items: sameAddress: 'line2' takes 'street', not a part of an address (line1, line2, pincode, city, state)"],
    ['standing before no field', (p) => (sameAddress(p).field = 'address'), "flow-config/pages/nominee.json: page /add-nominee: uiSchema nominees.items: sameAddress: field 'address' is not a field here"],
  ])('%s', (_name, edit, problem) => {
    expect(problemsOf(withPage('nominee.json', '/add-nominee', edit))).toContain(problem);
  });

  it('the shipped config has none of these problems', () => {
    expect(problemsOf(tempConfigDir((flow) => flow))).toEqual([]);
  });
});

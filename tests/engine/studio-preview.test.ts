import { describe, expect, it } from 'vitest';
import { previewConfig, sampleAnswers } from '../../core/studio/preview';
import { previewValidatorModule } from '../../server/releases/studio/preview';

/**
 * The studio's preview (core/studio/preview.ts): a draft's pages in a language in the journey's order, and the answers
 * a walker goes on with; and the validators' module turned into a function of the runtime the browser hands in.
 */

const languages = JSON.stringify({ default: 'en', languages: [{ code: 'en', name: 'English' }, { code: 'hi', name: 'हिन्दी' }] });
const flow = {
  routes: { root: '/' },
  steps: [
    { id: 'pan', title: 'PAN', journey: true, routes: ['/pan', '/pan-check'] },
    { id: 'declaration', title: 'Declaration', journey: true, routes: ['/sign'] },
    { id: 'signature', title: 'Signature', journey: true, routes: ['/sign'] },
    { id: 'approved', title: 'Approved', routes: ['/approved'] },
  ],
};
const pages = {
  pages: {
    '/pan': { form: { schema: 'pan', effect: 'saveStep' }, copy: { title: 'Your PAN' } },
    '/sign': { screen: 'sign', copy: { title: 'Sign' } },
    '/approved': { screen: 'status', copy: { title: 'Approved' } },
  },
};
const files = {
  'flow-config/languages.json': languages,
  'flow-config/flow.json': JSON.stringify(flow),
  'flow-config/messages.json': '{}',
  'flow-config/privacy.json': '{}',
  'flow-config/pages/pan.json': JSON.stringify(pages),
  'flow-config/languages/hi/flow.json': JSON.stringify({ steps: { pan: { title: 'पैन' } } }),
  'flow-config/languages/hi/pages/pan.json': JSON.stringify({ pages: { '/pan': { copy: { title: 'आपका PAN' } } } }),
};

describe("a draft's pages in a language", () => {
  it("lists the journey's pages that exist in order, a page two steps share once, with the language's words", () => {
    const hindi = previewConfig(files, 'hi');
    expect(hindi?.pages).toEqual([
      { route: '/pan', step: 'pan', stepTitle: 'पैन', schema: 'pan' },
      { route: '/sign', step: 'declaration', stepTitle: 'Declaration', schema: null },
    ]);
    expect(hindi?.languages).toEqual([{ code: 'en', name: 'English' }, { code: 'hi', name: 'हिन्दी' }]);
    expect(hindi?.bundle.pageFiles['flow-config/pages/pan.json']?.pages['/pan']?.copy.title).toBe('आपका PAN');
    expect(previewConfig(files, 'en')?.bundle.pageFiles['flow-config/pages/pan.json']?.pages['/pan']?.copy.title).toBe('Your PAN');
    expect(previewConfig(files, 'fr')).toBeUndefined();
  });
});

describe('sample answers', () => {
  it("take each field's example, default, constant or first choice, yes for a yes/no, and leave the rest to the walker", () => {
    const schema = {
      properties: {
        name: { type: 'string' },
        city: { type: 'string', examples: ['Pune'] },
        nominees: { type: 'integer', default: 1 },
        kind: { type: 'string', enum: ['salary', 'business'] },
        source: { oneOf: [{ const: 'india', title: 'India' }, { const: 'abroad' }] },
        agreed: { type: 'boolean' },
        address: { type: 'object', properties: { country: { const: 'IN' }, line: { type: 'string' } } },
      },
    };
    expect(sampleAnswers(schema)).toEqual({ city: 'Pune', nominees: 1, kind: 'salary', source: 'india', agreed: true, address: { country: 'IN' } });
    expect(sampleAnswers(null)).toEqual({});
  });
});

describe("the validators' module", () => {
  it('takes its imports from the runtime handed in and returns the functions and schema', () => {
    const standalone = 'import * as runtime_0_ns from "ajv/dist/runtime/equal.js";\nconst runtime_0 = runtime_0_ns;\nexport const validate_0 = validate10;\nfunction validate10() { return true; }\nexport const validateFns = { "pan": validate_0 };\nexport const stepSchema = {"$id":"pan"};\n';
    const module = previewValidatorModule(standalone);
    expect(module).toBe(
      'export default function validators(runtime) {\nconst runtime_0_ns = runtime["ajv/dist/runtime/equal.js"];\nconst runtime_0 = runtime_0_ns;\nconst validate_0 = validate10;\nfunction validate10() { return true; }\nconst validateFns = { "pan": validate_0 };\nconst stepSchema = {"$id":"pan"};\n\nreturn { validateFns, stepSchema };\n}\n',
    );
    expect(() => previewValidatorModule('import * as runtime_0_ns from "left-pad";\n')).toThrow('a preview\'s validators import left-pad, which the preview does not hand in');
  });
});

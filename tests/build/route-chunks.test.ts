import { describe, expect, it } from 'vitest';
import { pageFiles } from '../../scripts/flow-pages';
import { entryChunks, filesOf, fullClosure, routeChunks, staticClosure, validatorsKey, widgetNamesIn, type Manifest } from '../../scripts/route-chunks';

/** The texts chunk of the page file holding `route`, as the fixture names it (the real flow-config decides which). */
function textsOf(route: string): string {
  const [key = ''] = Object.entries(pageFiles()).find(([, file]) => Object.hasOwn(file.pages, route)) ?? [];
  return `assets/texts-${key.slice(key.lastIndexOf('/') + 1)}.js`;
}

/** Each page file's English texts, and flow.json's (with every page), a lazy chunk of its own (scripts/vite-page-texts.ts). */
const flowTexts = 'assets/texts-flow.json.js';
const texts: Manifest = {
  ...Object.fromEntries(
    Object.keys(pageFiles()).map((key) => [`${key}?texts`, { file: `assets/texts-${key.slice(key.lastIndexOf('/') + 1)}.js`, isDynamicEntry: true }]),
  ),
  'flow-config/flow.json?texts': { file: flowTexts, isDynamicEntry: true },
};

/**
 * A manifest shaped like Vite's: the entry, which imports React's chunk and then the app's lazily (src/main.tsx), a
 * screen, the form page with a lazy widget, the HTTP client.
 */
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], dynamicImports: ['_react.js', '_app.js'] },
  '_react.js': { file: 'assets/react.js' },
  '_app.js': { file: 'assets/app.js', imports: ['_react.js'], dynamicImports: ['src/screens/mobile-login.tsx', 'src/renderer/form-page.tsx', 'src/api/axios-client.ts'], css: ['assets/app.css'] },
  'src/screens/mobile-login.tsx': { file: 'assets/mobile-login.js', isDynamicEntry: true, imports: ['_react.js', '_input.js'] },
  '_input.js': { file: 'assets/input.js' },
  'src/renderer/form-page.tsx': { file: 'assets/form-page.js', isDynamicEntry: true, imports: ['_react.js'], dynamicImports: ['widgets/date-input/date-input-widget.tsx'], css: ['assets/form-page.css'] },
  'widgets/date-input/date-input-widget.tsx': { file: 'assets/date-input-widget.js', isDynamicEntry: true, imports: ['_dayjs.js'] },
  '_dayjs.js': { file: 'assets/dayjs.js' },
  'src/api/axios-client.ts': { file: 'assets/axios-client.js', isDynamicEntry: true },
  [validatorsKey('pan')]: { file: 'assets/pan.js', isDynamicEntry: true, imports: ['_ucs2length.js'] },
  [validatorsKey('nominee')]: { file: 'assets/nominee.js', isDynamicEntry: true, imports: ['_ucs2length.js'] },
  '_ucs2length.js': { file: 'assets/ucs2length.js' },
  'src/screens/modification/modification.tsx': { file: 'assets/modification.js', isDynamicEntry: true, imports: ['_react.js', 'src/renderer/form/schema-form.tsx'] },
  'src/renderer/form/schema-form.tsx': { file: 'assets/schema-form.js', imports: ['_react.js'] },
  'src/screens/bank/link-bank.tsx': { file: 'assets/link-bank.js', isDynamicEntry: true, imports: ['_react.js'], dynamicImports: ['src/screens/checked-schema-form.tsx'] },
  ...texts,
};

describe('route chunks from the build manifest', () => {
  it('follows static imports only, or lazy ones too', () => {
    expect([...staticClosure(manifest, ['index.html'])]).toEqual(['index.html', '_react.js']);
    expect(fullClosure(manifest, ['src/renderer/form-page.tsx']).has('_dayjs.js')).toBe(true);
    expect(() => staticClosure(manifest, ['src/nowhere.tsx'])).toThrow("'src/nowhere.tsx' is not in the build manifest");
  });

  it("the entry's chunks are its own and the two it imports lazily to evaluate them a task apart (React's, the app's)", () => {
    expect([...entryChunks(manifest)]).toEqual(['index.html', '_react.js', '_app.js']);
    expect(filesOf(manifest, entryChunks(manifest))).toEqual({ js: ['assets/index.js', 'assets/react.js', 'assets/app.js'], css: ['assets/app.css'] });
  });

  it('finds the widget names of a uiSchema at any depth', () => {
    expect(widgetNamesIn({ pan: { 'ui:widget': 'uppercaseText' }, nested: { dob: { 'ui:widget': 'dateInput' } }, 'ui:order': ['pan'] })).toEqual(['uppercaseText', 'dateInput']);
  });

  it('a public screen route loads the entry and its screen; nothing lazy beyond', () => {
    const { js, css } = filesOf(manifest, routeChunks(manifest, '/login', { screen: 'mobileLogin' }, false));
    expect(js.sort()).toEqual(['assets/app.js', 'assets/index.js', 'assets/input.js', 'assets/mobile-login.js', 'assets/react.js', textsOf('/login'), flowTexts].sort());
    expect(css).toEqual(['assets/app.css']);
  });

  it('a signed-in form route adds the form page, the widgets it names and the HTTP client', () => {
    const page = { form: { uiSchema: { dob: { 'ui:widget': 'dateInput' } } } };
    const { js, css } = filesOf(manifest, routeChunks(manifest, '/verify-pan', page, true));
    expect(js.sort()).toEqual(
      ['assets/app.js', 'assets/axios-client.js', 'assets/date-input-widget.js', 'assets/dayjs.js', 'assets/form-page.js', 'assets/index.js', 'assets/react.js', textsOf('/verify-pan'), flowTexts].sort(),
    );
    expect(css.sort()).toEqual(['assets/app.css', 'assets/form-page.css']);
  });

  it("a form route loads its own step's validators and no other step's", () => {
    const page = { form: { schema: 'pan', uiSchema: {} } };
    const { js } = filesOf(manifest, routeChunks(manifest, '/verify-pan', page, true));
    expect(js).toContain('assets/pan.js');
    expect(js).toContain('assets/ucs2length.js');
    expect(js).not.toContain('assets/nominee.js');
  });

  it("a screen that draws its embedded form at once loads that form's validators and widgets", () => {
    const page = { screen: 'modification', options: { form: { schema: 'pan', uiSchema: { dob: { 'ui:widget': 'dateInput' } } } } };
    const { js } = filesOf(manifest, routeChunks(manifest, '/modification', page, true));
    expect(js).toEqual(expect.arrayContaining(['assets/modification.js', 'assets/schema-form.js', 'assets/pan.js', 'assets/date-input-widget.js']));
  });

  it('a screen that draws its embedded form at once finds the schema form in the shared chunk named after it, as builds name it', () => {
    const page = { screen: 'modification', options: { form: { schema: 'pan', uiSchema: { dob: { 'ui:widget': 'dateInput' } } } } };
    const built: Manifest = {
      ...manifest,
      'src/screens/modification/modification.tsx': { file: 'assets/modification.js', isDynamicEntry: true, imports: ['_react.js', '_schema-form-x1.js'] },
      '_schema-form-x1.js': { file: 'assets/schema-form-x1.js', name: 'schema-form', imports: ['_react.js'] },
    };
    const { js } = filesOf(built, routeChunks(built, '/modification', page, true));
    expect(js).toEqual(expect.arrayContaining(['assets/modification.js', 'assets/schema-form-x1.js', 'assets/pan.js', 'assets/date-input-widget.js']));
  });

  it('a screen that shows its embedded form on a later view loads neither the form engine nor its validators or widgets', () => {
    const page = { screen: 'linkBank', options: { form: { schema: 'pan', uiSchema: { dob: { 'ui:widget': 'dateInput' } } } } };
    const { js } = filesOf(manifest, routeChunks(manifest, '/link-bank-account', page, true));
    expect(js).toContain('assets/link-bank.js');
    expect(js.filter((file) => ['assets/schema-form.js', 'assets/pan.js', 'assets/date-input-widget.js'].includes(file))).toEqual([]);
  });

  it('names a schema the build has no validators for', () => {
    expect(() => routeChunks(manifest, '/x', { form: { schema: 'no-such-schema' } }, true)).toThrow("/x: no validators chunk for schema 'no-such-schema'");
  });

  it('names the screen it cannot place', () => {
    expect(() => routeChunks(manifest, '/x', { screen: 'noSuchScreen' }, false)).toThrow("/x: no chunk for screen 'noSuchScreen'");
  });
});

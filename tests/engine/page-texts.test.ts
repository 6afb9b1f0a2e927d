import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PagesFile } from '../../core/engine/config-types';
import { defaultCounterpart, routesShownOn, textFilesShownOn } from '../../core/engine/page-texts';
import { textLeaves, translated } from '../../core/engine/translations';
import { configDir } from '../../server/config/config-dirs';
import { pagePart } from '../../scripts/vite-page-texts';

/** A fixture flow's pages: a root, a form, and a screen that shows the root's labels and the form's field. */
const pageFiles: Record<string, PagesFile> = {
  'flow-config/pages/status.json': { pages: { '/': { screen: 'resume', copy: { title: 'Resume', 'rejected.pan': 'PAN' } } } },
  'flow-config/pages/pan.json': {
    pages: { '/verify-pan': { form: { schema: 'pan', effect: 'savePan', uiSchema: { pan: { 'ui:widget': 'uppercaseText' } } }, copy: { title: 'Verify your PAN' } } },
  },
  'flow-config/pages/fix.json': {
    pages: { '/fix': { screen: 'modification', copy: { title: 'Fix' }, options: { labelsFrom: '/', fields: { pan: { route: '/verify-pan' } }, done: { next: '/' } } } },
  },
  'flow-config/pages/thanks.json': { pages: { '/thanks': { screen: 'completed', copy: { title: 'Thanks' }, options: { next: '/verify-pan' } } } },
  'flow-config/pages/privacy.json': { pages: { '/notice': { screen: 'privacy', copy: { title: 'Privacy' } } } },
};
const pages = Object.assign({}, ...Object.values(pageFiles).map((file) => file.pages)) as Record<string, PagesFile['pages'][string]>;

describe('the texts a route shows', () => {
  it("are its own page's, and those of the routes its options name to show (not those it only goes to)", () => {
    expect(routesShownOn(pages, '/verify-pan', '/')).toEqual(['/verify-pan']);
    expect(routesShownOn(pages, '/fix', '/').sort()).toEqual(['/', '/fix', '/verify-pan']);
    expect(routesShownOn(pages, '/thanks', '/')).toEqual(['/thanks']);
  });

  it("of a route without a page are the root's (the resume screen stands in with its copy)", () => {
    expect(routesShownOn(pages, '/not-yet', '/')).toEqual(['/']);
  });

  it("are the language's frame (the default's: flow.json alone, its messages are in the bundle) and page files", () => {
    expect(textFilesShownOn(pageFiles, '/verify-pan', '/', 'en', 'en')).toEqual(['en/flow.json', 'en/pages/pan.json']);
    expect(textFilesShownOn(pageFiles, '/verify-pan', '/', 'hi', 'en')).toEqual(['hi/messages.json', 'hi/flow.json', 'hi/pages/pan.json']);
    expect(textFilesShownOn(pageFiles, '/fix', '/', 'en', 'en')).toEqual(['en/flow.json', 'en/pages/status.json', 'en/pages/pan.json', 'en/pages/fix.json']);
  });

  it("of another language stand in for the default's, which load only when one of its fails", () => {
    expect(defaultCounterpart('hi/pages/pan.json', 'en')).toBe('en/pages/pan.json');
    expect(defaultCounterpart('hi/flow.json', 'en')).toBe('en/flow.json');
  });

  it('hold the privacy notice (flow-config/privacy.json) only where a page shows it, in either language', () => {
    expect(textFilesShownOn(pageFiles, '/notice', '/', 'en', 'en')).toEqual(['en/flow.json', 'en/privacy.json', 'en/pages/privacy.json']);
    expect(textFilesShownOn(pageFiles, '/notice', '/', 'hi', 'en')).toEqual(['hi/messages.json', 'hi/flow.json', 'hi/privacy.json', 'hi/pages/privacy.json']);
  });
});

describe('a page file split for the browser (scripts/vite-page-texts.ts)', () => {
  const dir = join(configDir, 'pages');
  const shipped = readdirSync(dir).filter((name) => name.endsWith('.json'));

  it.each(shipped)('%s: its shape holds no text, its texts part holds them all, and together they give the file back', (name) => {
    const file = JSON.parse(readFileSync(join(dir, name), 'utf8')) as unknown;
    const structure = pagePart(file, 'structure');
    expect(textLeaves('page', structure).filter(({ text }) => text !== '')).toEqual([]);
    expect(textLeaves('page', pagePart(file, 'texts')).map(({ text }) => text)).toEqual(textLeaves('page', file).map(({ text }) => text));
    expect(translated('page', structure, pagePart(file, 'texts'))).toEqual(file);
  });
});

describe('a page file whose list items have ids (translated by id)', () => {
  it('splits into a shape without texts and texts that give it back, however the list is ordered', () => {
    const file = { pages: { '/x': { copy: { title: 'X' }, options: { tiles: [{ id: 'b', label: 'Bee' }, { id: 'a', label: 'Ay' }] } } } };
    const structure = pagePart(file, 'structure');
    expect(textLeaves('page', structure).filter(({ text }) => text !== '')).toEqual([]);
    expect(translated('page', structure, pagePart(file, 'texts'))).toEqual(file);
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginBudgetKb } from '../../bench/bundle-budgets';
import type { PageConfig } from '../../core/engine/config-types';
import { embeddedForms } from '../../core/engine/config-types';
import { pages } from '../../scripts/flow-pages';
import { entryChunks, entryKey, filesOf, readManifest, routeChunks, staticClosure, validatorsKey, type RoutePage } from '../../scripts/route-chunks';
import { showsFormsLater } from '../../src/screens/registry';
import { configDir } from '../../server/config/config-dirs';
import { readLanguages } from '../../server/config/languages';
import { openBrowser, type BrowserSession } from './browser';
import { builtClientDir, startServer, type RunningServer } from './server';

const staticDir = builtClientDir;
const assetsDir = join(staticDir, 'assets');

function scripts(): { name: string; code: string }[] {
  return readdirSync(assetsDir)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({ name, code: readFileSync(join(assetsDir, name), 'utf8') }));
}

// What would break the strict CSP (script-src 'self', no 'unsafe-eval') or betray ajv's compiler in the bundle.
const forbidden = ['new Function(', 'eval(', 'compileAsync', 'addMetaSchema', 'ajv/dist/compile', 'removeSchema'];

describe('the built client', () => {
  it('exists (run vite build first)', () => {
    expect(existsSync(join(staticDir, 'index.html'))).toBe(true);
    expect(scripts().length).toBeGreaterThan(0);
  });

  it("evaluates React DOM and then, a task later, the app: what the entry imports statically holds React DOM and no module of the app's", () => {
    const manifest = readManifest(staticDir);
    const atOnce = filesOf(manifest, staticClosure(manifest, [entryKey])).js;
    const later = filesOf(manifest, entryChunks(manifest)).js.filter((file) => !atOnce.includes(file));
    const startsTheApp = (file: string) => code(file).includes('index.html has no #root element');
    expect(atOnce.filter((file) => code(file).includes('hydrateRoot'))).toHaveLength(1);
    expect(atOnce.filter(startsTheApp)).toEqual([]);
    expect(later.filter(startsTheApp)).toHaveLength(1);
  });

  it("dist/index.html (every page not prerendered) links antd's and the app's stylesheets and preloads every chunk the entry starts with", () => {
    const html = readFileSync(join(staticDir, 'index.html'), 'utf8');
    const manifest = readManifest(staticDir);
    const { js, css } = filesOf(manifest, entryChunks(manifest));
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/antd-[\w-]+\.css">/);
    for (const file of css) expect(html).toContain(`<link rel="stylesheet" crossorigin href="/${file}">`);
    for (const file of js.filter((file) => file !== manifest[entryKey]?.file)) expect(html).toContain(`<link rel="modulepreload" crossorigin href="/${file}">`);
    expect(html.indexOf('antd-')).toBeLessThan(html.indexOf(`/${css[0]}`));
  });

  it("asks Intl for no decimal separator (rjsf's number fields go through scripts/stubs/rjsf-decimal-separator.ts)", () => {
    expect(scripts().filter(({ code: source }) => source.includes('formatToParts(1.1)')).map(({ name }) => name)).toEqual([]);
  });

  it('opens a screen with its embedded forms where it draws them at once, and without them where the app loads them later (showsFormsLater)', () => {
    const manifest = readManifest(staticDir);
    const screens = Object.entries(pages() as Record<string, RoutePage>).filter(([, page]) => page.screen && embeddedForms(page.options).length > 0);
    expect(screens.length).toBeGreaterThan(1);
    const opened = screens.map(([route, page]) => {
      const chunks = routeChunks(manifest, route, page, true);
      const withForms = embeddedForms(page.options).every(({ form }) => chunks.has(validatorsKey(form.schema ?? '')));
      return { route, withForms };
    });
    expect(opened).toEqual(screens.map(([route, page]) => ({ route, withForms: !showsFormsLater(page.screen ?? '') })));
  });

  it('holds no eval, no new Function and no ajv compiler code', () => {
    const found = scripts().flatMap(({ name, code }) => forbidden.filter((text) => code.includes(text)).map((text) => `${name}: ${text}`));
    expect(found).toEqual([]);
  });
});

describe('served under the strict Content Security Policy', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer({ bank: { branchSnapshot: false } });
    browser = await openBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('sends the CSP header and loads the app without a violation', async () => {
    const response = await browser.page.goto(`${server.url}/login`);
    const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    await browser.page.getByRole('heading', { level: 1, name: 'Open your Trading Account' }).waitFor();
    expect(browser.cspViolations).toEqual([]);
  });
});

/** Every page of a folder of page files (flow-config/pages, or a language's), by route. */
function pagesIn(dir: string): Record<string, PageConfig> {
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  return Object.assign({}, ...files.map((name) => (JSON.parse(readFileSync(join(dir, name), 'utf8')) as { pages: Record<string, PageConfig> }).pages));
}

/** The scripts a page fetches, as the server sent them (paths under the built client). */
function scriptsLoaded(page: Page): string[] {
  const loaded: string[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) loaded.push(pathname);
  });
  return loaded;
}

const code = (path: string) => readFileSync(join(staticDir, path), 'utf8');
const gzipKb = (paths: string[]) => paths.reduce((sum, path) => sum + gzipSync(readFileSync(join(staticDir, path)), { level: 9 }).length, 0) / 1024;

describe('texts load with their route', () => {
  const english = pagesIn(join(configDir, 'pages'));
  const hindi = pagesIn(join(configDir, 'languages', 'hi', 'pages'));
  const hindiName = readLanguages(configDir).languages.find(({ code: language }) => language === 'hi')?.name ?? '';
  const loginCopy = english['/login']?.copy ?? {};
  const nomineeCopy = english['/add-nominee']?.copy ?? {};
  let server: RunningServer;
  let browser: BrowserSession | undefined;

  beforeAll(async () => {
    server = await startServer({ bank: { branchSnapshot: false } });
  });
  afterEach(async () => {
    await browser?.close();
    browser = undefined;
  });
  afterAll(() => server?.close());

  it("the entry holds no page's copy; /login fetches its own English copy with its chunk, and no other route's", async () => {
    const entry = filesOf(readManifest(staticDir), entryChunks(readManifest(staticDir))).js;
    for (const text of [loginCopy.subtitle, nomineeCopy.subtitle]) {
      expect(text).toBeTruthy();
      expect(entry.filter((file) => code(file).includes(text as string))).toEqual([]);
    }
    browser = await openBrowser({ width: 390, height: 844 });
    const loaded = scriptsLoaded(browser.page);
    await browser.page.goto(`${server.url}/login`);
    await browser.page.getByRole('heading', { level: 1, name: loginCopy.title }).waitFor();
    await browser.page.waitForLoadState('networkidle');
    expect(loaded.some((path) => code(path).includes(loginCopy.subtitle as string))).toBe(true);
    expect(loaded.filter((path) => code(path).includes(nomineeCopy.subtitle as string))).toEqual([]);
  });

  it("switching /login to Hindi shows its Hindi heading in <html lang=\"hi\">; a visit with ?lang=hi opens in Hindi within /login's budget", async () => {
    const hindiTitle = hindi['/login']?.copy.title ?? '';
    expect(hindiTitle).not.toBe('');
    expect(hindiTitle).not.toBe(loginCopy.title);
    browser = await openBrowser({ width: 390, height: 844 });
    await browser.page.goto(`${server.url}/login`);
    // On an English page the switch names Hindi in Devanagari, in a font that covers it.
    const switchFont = await browser.page.getByRole('button', { name: hindiName }).evaluate((element) => getComputedStyle(element).fontFamily);
    expect(switchFont).toContain('Onboard Devanagari');
    await browser.page.getByRole('button', { name: hindiName }).click();
    await browser.page.getByRole('heading', { level: 1, name: hindiTitle }).waitFor();
    expect(await browser.page.evaluate(() => document.documentElement.lang)).toBe('hi');
    await browser.close();

    browser = await openBrowser({ width: 390, height: 844 });
    const loaded = scriptsLoaded(browser.page);
    await browser.page.goto(`${server.url}/login?lang=hi`);
    await browser.page.getByRole('heading', { level: 1, name: hindiTitle }).waitFor();
    await browser.page.waitForLoadState('networkidle');
    expect(await browser.page.evaluate(() => document.documentElement.lang)).toBe('hi');
    expect(await browser.page.getByRole('textbox', { name: hindi['/login']?.copy.phoneLabel ?? '' }).isVisible()).toBe(true);
    expect(gzipKb(loaded)).toBeLessThanOrEqual(loginBudgetKb);
    // Devanagari for a device without a font for it: our own Noto Sans Devanagari, which loads from our server
    // under the CSP (font-display: swap, so it never held the paint above).
    const font = await browser.page.evaluate(async () => {
      const face = [...document.fonts].find((candidate) => candidate.family.replace(/"/g, '') === 'Onboard Devanagari');
      if (!face) return 'no @font-face';
      await face.load().catch(() => undefined);
      return `${face.status}, display ${face.display}`;
    });
    expect(font).toBe('loaded, display swap');
    expect(browser.cspViolations).toEqual([]);
  });
});

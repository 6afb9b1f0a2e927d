import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type BrowserSession } from './browser';
import { startServer, type RunningServer } from './server';

/** The built client the browser tests serve: E2E_STATIC_DIR when set, else dist/. */
const staticDir = resolve(process.env.E2E_STATIC_DIR ?? 'dist');
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

  it('holds no eval, no new Function and no ajv compiler code', () => {
    const found = scripts().flatMap(({ name, code }) => forbidden.filter((text) => code.includes(text)).map((text) => `${name}: ${text}`));
    expect(found).toEqual([]);
  });
});

describe('served under the strict Content Security Policy', () => {
  let server: RunningServer;
  let browser: BrowserSession;

  beforeAll(async () => {
    server = await startServer();
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
    await browser.page.getByRole('heading', { level: 1, name: 'Open your trading account' }).waitFor();
    expect(browser.cspViolations).toEqual([]);
  });
});

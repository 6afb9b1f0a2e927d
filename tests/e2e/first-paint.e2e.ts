import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginBudgetKb } from '../../bench/bundle-budgets';
import { openBrowser, type BrowserSession } from './browser';
import { builtClientDir, startServer, type RunningServer } from './server';
import { acceptPrivacyNotice, signedInThroughApi } from './journey';

const staticDir = builtClientDir;
const phone = { width: 390, height: 844 };

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

describe('prerendered pages, before any script runs', () => {
  it('/login shows its heading, phone input, button and terms link with JavaScript disabled', async () => {
    browser = await openBrowser({ ...phone, javaScript: false });
    const { page } = browser;
    await page.goto(`${server.url}/login`);
    expect(await page.getByRole('heading', { level: 1, name: 'Open your Trading Account' }).isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Mobile Number' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Send OTP' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Terms & Conditions' }).isVisible()).toBe(true);
  });

  it('/verify-otp shows its card, with the number masked until the app knows it', async () => {
    browser = await openBrowser({ ...phone, javaScript: false });
    const { page } = browser;
    await page.goto(`${server.url}/verify-otp`);
    expect(await page.getByRole('heading', { level: 1, name: 'Verify your Mobile Number' }).isVisible()).toBe(true);
    expect(await page.getByText('Enter the 4 digit OTP sent to +91 ••••••••••').isVisible()).toBe(true);
  });


  it("a signed-in step's prerendered page is its form (/verify-pan), not a spinner", async () => {
    browser = await openBrowser({ ...phone, javaScript: false });
    const { page } = browser;
    await page.goto(`${server.url}/verify-pan`);
    expect(await page.getByRole('heading', { level: 1, name: 'Verify your PAN' }).isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'PAN Number' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Verify and Continue' }).isVisible()).toBe(true);
  });
});

describe('a signed-in applicant opening their step', () => {
  it('sees the form while /api/user is still unanswered, and keeps it once the applicant has loaded', async () => {
    browser = await openBrowser(phone);
    const { page } = browser;
    await signedInThroughApi(page, server, '9876501122', 'first.paint@example.in');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user', async (route) => {
      await held;
      await route.continue();
    });
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/user');
    // The prerendered heading, as the HTML brought it: hydrated, it is the same element once the app runs.
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => Object.assign(window, { prerenderedHeading: document.querySelector('h1') }));
    });
    await page.reload();
    // The app has rendered and its session gate asks for the applicant: the form is on screen meanwhile, no spinner.
    await asked;
    const heading = page.getByRole('heading', { level: 1, name: 'Verify your PAN' });
    expect(await heading.isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'PAN Number' }).isVisible()).toBe(true);
    expect(await page.locator('.onboard-spinner, [aria-busy="true"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { prerenderedHeading?: Element }).prerenderedHeading?.isConnected)).toBe(true);
    await page.getByRole('textbox', { name: 'PAN Number' }).evaluate((input) => input.setAttribute('data-before-user', ''));
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/user');
    release();
    await answered;
    // The record has nothing for this form: it stays the very form that was painted (not drawn a second time).
    await page.waitForTimeout(300);
    expect(await page.locator('[data-before-user]').count()).toBe(1);
    await page.getByRole('textbox', { name: 'PAN Number' }).pressSequentially('abcpe1234f');
    expect(await page.getByRole('textbox', { name: 'PAN Number' }).inputValue()).toBe('ABCPE1234F');
    expect(page.url()).toBe(`${server.url}/verify-pan`);
  });
});

describe('a submitted applicant opening their status page', () => {
  it('sees the stages and the policies while /api/user is unanswered, then their stage, with no console error', async () => {
    browser = await openBrowser(phone);
    const { page } = browser;
    await signedInThroughApi(page, server, '9876501144', 'status.paint@example.in');
    const errors: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => errors.push(error.message));
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // The applicant's record as it is once submitted (the status page's own stage): only its step differs.
    await page.route('**/api/user', async (route) => {
      await held;
      const response = await route.fetch();
      const body = (await response.json()) as { user: Record<string, unknown> };
      await route.fulfill({ response, json: { ...body, user: { ...body.user, nextStep: 'verification_pending' } } });
    });
    const asked = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/user');
    await page.goto(`${server.url}/completed`);
    await asked;
    expect(await page.getByRole('navigation', { name: "Your Account's Terms and Policies" }).isVisible()).toBe(true);
    expect(await page.getByText('Account Setup').isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    release();
    await page.getByRole('heading', { level: 1, name: 'KYC Verification Pending' }).waitFor();
    expect(await page.locator('.status-stage[aria-current="step"]').textContent()).toBe('1Verification');
    expect(errors).toEqual([]);
  });
});

describe('the first paint waits for no module and no stylesheet', () => {
  it.each(['/login', '/verify-pan'])('%s paints its card before it asks for its first module or its full stylesheet', async (route) => {
    browser = await openBrowser(phone);
    const { page } = browser;
    if (route !== '/login') await signedInThroughApi(page, server, '9876501133', 'paint.order@example.in');
    await page.goto(`${server.url}${route}`);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    const { paint, requests } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.POSITIVE_INFINITY,
      requests: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/(?!boot-)[^/]+\.(js|css)$/.test(new URL(entry.name).pathname))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(requests.length).toBeGreaterThan(1);
    expect(requests.filter((request) => request.start < paint)).toEqual([]);
    // The page's stylesheet, in its parts, each once: the chunks' own, which it holds, are not fetched again as their
    // modules load.
    const stylesheets = requests.filter((request) => request.path.endsWith('.css')).map((request) => request.path);
    expect(stylesheets.length).toBeGreaterThan(1);
    expect(stylesheets.every((path) => /^\/assets\/page-\w+\.css$/.test(path))).toBe(true);
    expect(new Set(stylesheets).size).toBe(stylesheets.length);
    const named = await page.evaluate(() => document.querySelector<HTMLScriptElement>('script[data-stylesheets]')?.dataset.stylesheets?.split(' ') ?? []);
    expect(stylesheets.sort()).toEqual(named.sort());
  });
});

describe('/login with JavaScript', () => {
  it('hydrates the prerendered markup without a console error, within its JavaScript budget, and signs in', async () => {
    browser = await openBrowser(phone);
    const { page } = browser;
    const errors: string[] = [];
    const scripts: string[] = [];
    page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js')) scripts.push(pathname);
    });
    // Marks the first heading, the one the HTML parser creates: hydration keeps that node, a fresh render replaces it.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        const heading = document.querySelector('h1');
        if (!heading) return;
        heading.setAttribute('data-parsed', '');
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${server.url}/login`);
    const input = page.getByRole('textbox', { name: 'Mobile Number' });
    await page.waitForFunction(() => document.activeElement?.id === 'login-phone');
    await page.waitForLoadState('networkidle');
    expect(await page.locator('h1[data-parsed]').count()).toBe(1);
    expect(errors).toEqual([]);

    const kb = scripts.reduce((sum, path) => sum + gzipSync(readFileSync(join(staticDir, path)), { level: 9 }).length, 0) / 1024;
    expect(kb).toBeLessThanOrEqual(loginBudgetKb);

    // The HTTP client and toasts load on the first key press; Send OTP works as ever.
    await input.pressSequentially('9876543210');
    await acceptPrivacyNotice(page);
    await page.getByRole('button', { name: 'Send OTP' }).click();
    await page.getByRole('heading', { level: 1, name: 'Verify your Mobile Number' }).waitFor();
    await page.getByText('Enter the 4 digit OTP sent to +91 9876543210').waitFor();
    expect(browser.cspViolations).toEqual([]);
  });
});

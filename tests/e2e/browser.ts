import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium, driven by playwright-core; never a downloaded browser. */
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const baseArgs = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Content Security Policy violations the page reported on the console. */
  cspViolations: string[];
  close(): Promise<void>;
}

export async function openBrowser(
  options: { camera?: boolean; width?: number; height?: number; javaScript?: boolean } = {},
): Promise<BrowserSession> {
  const profile = mkdtempSync(join(tmpdir(), 'onboard-chromium-'));
  const args = [...baseArgs, ...(options.camera ? ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] : [])];
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    javaScriptEnabled: options.javaScript ?? true,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  if (options.javaScript ?? true) actOnceLive(page);
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  return {
    context,
    page,
    cspViolations,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * A prerendered page is on screen before its script runs; what a test does to it before the app has hydrated (a
 * file set on an input, say) would never reach the app. So navigations resolve once the app is live (App marks
 * <html data-app="ready">), on every page the app serves (#root); other pages (the dev outbox) as they load.
 */
function actOnceLive(page: Page): void {
  const live = () => page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.app === 'ready', undefined, { timeout: 30_000 });
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args: Parameters<Page['goto']>) => {
    const response = await goto(...args);
    await live();
    return response;
  };
  page.reload = async (...args: Parameters<Page['reload']>) => {
    const response = await reload(...args);
    await live();
    return response;
  };
}

/** Fades and slides (a toast, a dialog, a button leaving its loading state) end first: axe reads colours mid-way. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

export type { Browser, Page };

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

/** Fades and slides (a toast, a dialog, a button leaving its loading state) end first: axe reads colours mid-way. */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 10_000 },
  );
}

export type { Browser, Page };

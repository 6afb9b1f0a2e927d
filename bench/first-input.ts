import { screenEmulationMetrics, throttling, userAgents } from 'lighthouse/core/config/constants.js';
import { chromium, type Page } from 'playwright-core';
import { chromiumPath } from './lighthouse';

/** When the step's first control first took an applicant's input, on Lighthouse's mobile profile. */
export interface FirstInputFigure {
  route: string;
  /** Milliseconds from the start of navigation; undefined when the page shows no control within the wait. */
  ms?: number;
  /** What that control is: `typing into #id` or `pressing <button "label">`. */
  control?: string;
}

const waitMs = 30_000;
/** Lighthouse's "mobile slow 4G" as DevTools applies it (its request latency and throughput, 4× CPU slowdown). */
const profile = throttling.mobileSlow4G;
const mobile = screenEmulationMetrics.mobile;

/**
 * In the page: the step's first control (in document order inside <main>, the footer's links and controls that are
 * off until answered left out) once React has taken it over (its props are on the element: hydrated or rendered by the client) and it is enabled and shown.
 * Marks it for the test and says whether it takes text. A prerendered control before hydration does not count: what
 * is typed there is not yet the app's.
 */
function findControl(): { text: boolean; label: string } | null {
  const main = document.querySelector('main');
  if (!main) return null;
  const candidates = main.querySelectorAll<HTMLElement>('input, textarea, select, button, [role="combobox"]');
  for (const element of candidates) {
    if (element.closest('footer, [class*="footer"]')) continue;
    if (element instanceof HTMLInputElement && (element.type === 'hidden' || element.type === 'file')) continue;
    if (element.hidden || element.getAttribute('aria-hidden') === 'true' || element.getClientRects().length === 0) continue;
    // A control that stays off until answered (a paged form's Back on its first page) is not the step's first input;
    // one that is busy (a button loading what it opens) or not yet React's is, and is waited for.
    if ((element as HTMLInputElement).disabled && !element.classList.contains('ant-btn-loading')) continue;
    const busy = element.getAttribute('aria-busy') === 'true' || element.classList.contains('ant-btn-loading');
    const owned = Object.keys(element).some((key) => key.startsWith('__reactProps$'));
    if (busy || !owned) return null;
    element.setAttribute('data-bench-first-control', '');
    const text = (element instanceof HTMLInputElement && /^(text|tel|email|number|search|url|password|)$/.test(element.type)) || element instanceof HTMLTextAreaElement;
    const name = element.id ? `#${element.id}` : `<${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}">`;
    return { text, label: text ? `typing into ${name}` : `pressing ${name}` };
  }
  return null;
}

/** Types one character the field accepts (a digit for numeric fields, else a letter); true once its value shows it. */
async function typeInto(page: Page): Promise<boolean> {
  const field = page.locator('[data-bench-first-control]');
  const before = await field.inputValue();
  for (const key of ['a', '9']) {
    await field.press(key);
    if ((await field.inputValue()) !== before) return true;
  }
  return false;
}

/**
 * Opens `base + route` in Debian's Chromium as Lighthouse's mobile profile does (its screen and user agent, slow 4G
 * and 4× CPU applied by DevTools, a cold cache) with `storage` in localStorage first (a signed-in applicant), and
 * measures until the step's first control accepts input: a text field shows a typed character, another control is
 * live (React handles it, enabled). The clock is the page's own, from the start of navigation.
 */
export async function timeToFirstInput(base: string, route: string, storage: Record<string, string> = {}): Promise<FirstInputFigure> {
  const browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({
      viewport: { width: mobile.width, height: mobile.height },
      deviceScaleFactor: mobile.deviceScaleFactor,
      isMobile: true,
      hasTouch: true,
      userAgent: userAgents.mobile,
    });
    const page = await context.newPage();
    await page.goto(`${base}/robots.txt`);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, storage);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.requestLatencyMs,
      downloadThroughput: (profile.downloadThroughputKbps * 1024) / 8,
      uploadThroughput: (profile.uploadThroughputKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdownMultiplier });
    await page.goto(`${base}${route}`, { waitUntil: 'commit' });
    const started = Date.now();
    while (Date.now() - started < waitMs) {
      const control = await page.evaluate(findControl).catch(() => null);
      if (control && (!control.text || (await typeInto(page)))) {
        return { route, ms: Math.round(await page.evaluate(() => performance.now())), control: control.label };
      }
      await page.waitForTimeout(20);
    }
    return { route };
  } finally {
    await browser.close();
  }
}

import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openBrowser } from '../tests/e2e/browser';
import { startServerWithBackOffice } from '../tests/e2e/fixtures';
import { settled } from '../tests/e2e/settle';
import { extraScreens } from '../tests/e2e/golden/extra-screens';
import { afterJourney } from '../tests/e2e/golden/after-journey';
import { goldenJourney } from '../tests/e2e/golden/tour';

/**
 * npm run screenshots [-- <folder>]: PNGs of every screen and error state of the golden journey, the review loop,
 * re-KYC and the screens off the golden path, at 390×844 and 1366×768, full page, into screenshots/ (git-ignored).
 * It drives the built app (run after vite build, as the npm script does) with the browser tests' drivers.
 * `npm run screenshots -- <folder> extra` takes only the screens off the golden path; `-- <folder> hi` only the
 * golden journey in Hindi on a phone (also taken in a full run).
 */
const folder = resolve(process.argv[2] ?? 'screenshots');
// `-- screenshots extra`: only the screens off the golden path (quicker, while working on one of them).
const only = process.argv[3];
const extrasOnly = only === 'extra';
const everyViewport = [
  { name: 'phone-390x844', width: 390, height: 844, prefix: '98765181', who: { phone: '9876517001', email: 'ananya.iyer@example.in', pan: 'ABCPI4321K' } },
  { name: 'desktop-1366x768', width: 1366, height: 768, prefix: '98765182', who: { phone: '9876517002', email: 'vikram.iyer@example.in', pan: 'ABCPI8765L' } },
  // The journey in Hindi; the screens off the golden path are driven by their English words, so they are not taken.
  { name: 'phone-390x844-hi', width: 390, height: 844, prefix: '', who: { phone: '9876517003', email: 'meera.iyer@example.in', pan: 'ABCPI2468M', language: 'hi' } },
];
const viewports = only === 'hi' ? everyViewport.filter(({ who }) => who.language === 'hi') : extrasOnly ? everyViewport.filter(({ prefix }) => prefix) : everyViewport;

const fileName = (index: number, route: string) =>
  `${String(index).padStart(3, '0')}-${route.replace(/^\//, '').replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '') || 'root'}.png`;

rmSync(folder, { recursive: true, force: true });
for (const viewport of viewports) {
  const dir = join(folder, viewport.name);
  mkdirSync(dir, { recursive: true });
  // With the branch directory: the manual bank flow shows real branches.
  const env = await startServerWithBackOffice({});
  const browser = await openBrowser({ width: viewport.width, height: viewport.height, camera: true });
  let count = 0;
  const shoot = async (route: string) => {
    await settled(browser.page);
    count += 1;
    await browser.page.screenshot({ path: join(dir, fileName(count, route)), fullPage: true });
  };
  try {
    if (!extrasOnly) {
      await goldenJourney(browser.page, env, viewport.who, shoot);
      await afterJourney(browser.page, env, viewport.who, shoot);
    }
    if (viewport.prefix) await extraScreens(browser.page, env, viewport.prefix, shoot);
  } finally {
    await browser.close();
    await env.close();
  }
  console.log(`${count} screens at ${viewport.width}×${viewport.height} in ${dir}`);
}

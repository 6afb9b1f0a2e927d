import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';

const bootScript = readFileSync(join(import.meta.dirname, '../../scripts/browser/page-boot.js'), 'utf8');
const preloads = Array.from({ length: 12 }, (_, index) => `/assets/chunk-${index}.js`);

/** A prerendered page's head with the boot script as scripts/prerender-page.ts writes it (inline here, same code). */
function pageWithBoot(clock: () => number): JSDOM {
  const html =
    '<!doctype html><html><head>' +
    `<script data-stylesheet="/assets/page.css" data-stylesheet-parts="/assets/part.css" data-entry="/assets/index.js" data-preload="${preloads.join(' ')}">` +
    `${bootScript}</script></head><body><div id="root"></div></body></html>`;
  return new JSDOM(html, {
    runScripts: 'dangerously',
    beforeParse(window) {
      window.Date.now = clock;
    },
  });
}

/** What the boot script added to the head, in order, as "tag rel href". */
const added = (dom: JSDOM) =>
  [...dom.window.document.head.children]
    .filter((element) => element.tagName !== 'SCRIPT' || element.getAttribute('type') === 'module')
    .map((element) => `${element.tagName.toLowerCase()} ${element.getAttribute('rel') ?? element.getAttribute('type')} ${element.getAttribute('href') ?? element.getAttribute('src')}`);

const everything = [
  'link stylesheet /assets/page.css',
  'link stylesheet /assets/part.css',
  ...preloads.map((href) => `link modulepreload ${href}`),
  'script module /assets/index.js',
];

describe('the boot script of a prerendered page (scripts/browser/page-boot.js)', () => {
  it('asks for the stylesheet, the chunks and then the entry, in that order', () => {
    const dom = pageWithBoot(() => 1_000);
    expect(added(dom)).toEqual(everything);
    expect(dom.window.document.querySelector('link[href="/assets/part.css"]')?.hasAttribute('disabled')).toBe(true);
  });

  it('yields to the page between slices of a few milliseconds: a slow append never makes one long task', async () => {
    let now = 1_000;
    // Every reading of the clock is 3 ms later, as if each append took that long on a slow phone.
    const dom = pageWithBoot(() => (now += 3));
    const firstTask = added(dom);
    expect(firstTask.length).toBeGreaterThan(0);
    expect(firstTask.length).toBeLessThan(3);
    await expect.poll(() => added(dom), { timeout: 5_000 }).toEqual(everything);
  });
});

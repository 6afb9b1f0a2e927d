// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const bootScript = readFileSync(join(import.meta.dirname, '../../scripts/browser/page-boot.js'), 'utf8');
const sheets = ['/assets/page-1.css', '/assets/page-2.css', '/assets/page-3.css'];
const preloads = Array.from({ length: 12 }, (_, index) => `/assets/chunk-${index}.js`);

/** Runs the boot script as a prerendered page names it (scripts/prerender-page.ts), with its data attributes. */
function boot(): void {
  document.head.replaceChildren();
  const script = document.createElement('script');
  Object.assign(script.dataset, { stylesheets: sheets.join(' '), stylesheetParts: '/assets/part.css', entry: '/assets/index.js', preload: preloads.join(' ') });
  document.head.append(script);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  // jsdom has no PerformanceObserver: the script starts at once, as in a browser that reports no paint.
  new Function(bootScript)();
}

/** What the boot script added to the head, in order, as "tag rel href". */
const added = () =>
  [...document.head.children]
    .filter((element) => element.tagName !== 'SCRIPT' || element.getAttribute('type') === 'module')
    .map((element) => `${element.tagName.toLowerCase()} ${element.getAttribute('rel') ?? element.getAttribute('type')} ${element.getAttribute('href') ?? element.getAttribute('src')}`);

/** The stylesheet links that apply (not the disabled markers), in document order. */
const applied = () => [...document.head.querySelectorAll('link[rel="stylesheet"]:not([disabled])')].map((link) => link.getAttribute('href'));
const loaded = (href: string): boolean | undefined => document.head.querySelector(`link[rel="stylesheet"][href="${href}"]`)?.dispatchEvent(new Event('load'));

const everything = [
  'link stylesheet /assets/page-3.css',
  'link preload /assets/page-1.css',
  'link preload /assets/page-2.css',
  'link stylesheet /assets/part.css',
  ...preloads.map((href) => `link modulepreload ${href}`),
  'script module /assets/index.js',
];

describe('the boot script of a prerendered page (scripts/browser/page-boot.js)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for the stylesheet, the chunks and then the entry, in that order', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    boot();
    expect(added()).toEqual(everything);
    expect(document.querySelector('link[href="/assets/part.css"]')?.hasAttribute('disabled')).toBe(true);
  });

  it('yields to the page between slices of a few milliseconds: a slow append never makes one long task', async () => {
    let now = 1_000;
    // Every reading of the clock is 3 ms later, as if each append took that long on a slow phone.
    vi.spyOn(Date, 'now').mockImplementation(() => (now += 3));
    boot();
    const firstTask = added();
    expect(firstTask.length).toBeGreaterThan(0);
    expect(firstTask.length).toBeLessThan(3);
    await vi.waitFor(() => expect(added()).toEqual(everything), { timeout: 5_000 });
  });

  it("applies the stylesheet part by part from the last, each once the one applied before has loaded: what applies is always the sheet's tail, in order", async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    boot();
    expect(applied()).toEqual(['/assets/page-3.css']);
    loaded('/assets/page-3.css');
    await vi.waitFor(() => expect(applied()).toEqual(['/assets/page-2.css', '/assets/page-3.css']));
    // A part that fails to load does not hold the rest back.
    document.head.querySelector('link[href="/assets/page-2.css"][rel="stylesheet"]')?.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(applied()).toEqual(sheets));
  });
});

import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { defaultBundle } from '../config/bundle';
import { languages } from '../config/language';
import { loadTexts } from '../config/language-texts';
import { App } from './app';
import { createHistoryRouter } from './history-router';
import { preloadRoute } from './preload-route';

/** Web Storage in memory, for rendering in Node; `initial` is what the page assumes is stored. */
class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  constructor(initial: Record<string, string>) {
    for (const [key, value] of Object.entries(initial)) this.#items.set(key, value);
  }
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    this.#items.set(key, value);
  }
}

export interface RenderedRoute {
  /** The markup of #root. */
  html: string;
  /**
   * antd's CSS-in-JS for that markup, as plain CSS ending in antd's record of the styles it holds: served as a file,
   * so the client's antd takes them as there and generates none of them again.
   */
  styles: string;
}

/**
 * Renders the app at `path` to HTML at build time (scripts/vite-prerender.ts), waiting for lazy
 * screens, with `stored` in local and session storage. The tree is the one main.tsx renders.
 */
export async function renderRoute(path: string, stored: Record<string, string> = {}): Promise<RenderedRoute> {
  Object.assign(globalThis, { localStorage: new MemoryStorage(stored), sessionStorage: new MemoryStorage(stored) });
  // Drawn in the default language, with the texts the page shows (they load with the route, as in the browser).
  await Promise.all([preloadRoute(defaultBundle, path), loadTexts(defaultBundle, languages.default, path)]);
  const cache = createCache();
  const { prelude } = await prerender(
    <StrictMode>
      <StyleProvider cache={cache}>
        <App createRouter={(routes) => createHistoryRouter(routes, { initialPath: path })} pagesBeforeUser />
      </StyleProvider>
    </StrictMode>,
    // One piece: React would move a boundary larger than 12.8 KB (a long form) behind an inline script that puts it
    // in place, which the Content Security Policy refuses, so the page would paint without its content.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await new Response(prelude).text();
  return { html, styles: extractStyle(cache, { plain: true }) };
}

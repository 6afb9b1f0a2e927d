import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider as ThemeProvider } from 'antd';
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { defaultBundle } from '../config/bundle';
import { languages } from '../config/language';
import { loadTexts } from '../config/language-texts';
import { theme } from '../ui/theme';
import { AntdStyleSheet } from './antd-style-sheet';
import { AntdTokenProbe, type AntdToken } from './antd-token-probe';
import { App } from './app';
import { createHistoryRouter } from './history-router';
import { preloadRoute } from './preload-route';

export type { AntdToken } from './antd-token-probe';

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
}

/** antd's CSS-in-JS of every page rendered and of the style sheet, kept together: the build writes it as one file. */
const styles = createCache();

async function render(node: ReactNode): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StyleProvider cache={styles}>{node}</StyleProvider>
    </StrictMode>,
    // One piece: React would move a boundary larger than 12.8 KB (a long form) behind an inline script that puts it
    // in place, which the Content Security Policy refuses, so the page would paint without its content.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}

/**
 * Renders the app at `path` to HTML at build time (scripts/vite-prerender.ts), waiting for lazy
 * screens, with `stored` in local and session storage. The tree is the one src/app/start.tsx renders.
 */
export async function renderRoute(path: string, stored: Record<string, string> = {}): Promise<RenderedRoute> {
  Object.assign(globalThis, { localStorage: new MemoryStorage(stored), sessionStorage: new MemoryStorage(stored) });
  // Drawn in the default language, with the texts the page shows (they load with the route, as in the browser).
  await Promise.all([preloadRoute(defaultBundle, path), loadTexts(defaultBundle, languages.default, path)]);
  const html = await render(<App createRouter={(routes) => createHistoryRouter(routes, { initialPath: path })} pagesBeforeUser />);
  return { html };
}

export interface AntdStyles {
  /** Plain CSS, antd's order. */
  css: string;
  /** The components drawn ('Button-Button', 'Input-Shared'): cssinjs-utils' names of their style paths. */
  components: string[];
}

/** antd's CSS for every page rendered so far and every component the app may show (src/app/antd-style-sheet.tsx). */
export async function antdStyles(): Promise<AntdStyles> {
  await render(<AntdStyleSheet />);
  const components = [...styles.cache.keys()].flatMap((key) => (key.startsWith('style%') ? [key.split('%')[2] ?? ''] : []));
  return { css: extractStyle(styles, { plain: true }), components: [...new Set(components)].sort() };
}

/** The token antd computes for the app's theme as it draws: the browser build's (computed at build time) must equal it. */
export async function antdToken(): Promise<AntdToken> {
  let seen: AntdToken | undefined;
  await render(
    <ThemeProvider theme={theme}>
      <AntdTokenProbe onToken={(drawn) => (seen = drawn)} />
    </ThemeProvider>,
  );
  if (!seen) throw new Error('antd drew no token');
  return seen;
}

import type { RenderedRoute } from '../src/app/prerender';

/** A route rendered at build time; `stored` is what the render assumes local and session storage hold. */
export interface PrerenderRoute {
  path: string;
  stored?: Record<string, string>;
  /** Rendered as any signed-in applicant sees it before they load (only the token assumed, its value never shown). */
  signedIn?: boolean;
}

export interface PageParts {
  /** dist/index.html as Vite wrote it. */
  template: string;
  route: PrerenderRoute;
  rendered: RenderedRoute;
  /** Every JS file the route loads at once (entry and page chunks), under dist/. */
  js: string[];
  /** The content of every CSS file those chunks bring. */
  css: string[];
}

const stylesheetLink = /\s*<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/g;
/** The entry script and the chunks Vite preloads for it. */
const scriptTags = /<(script type="module"|link rel="modulepreload")/g;

/**
 * index.html with the route's markup in #root, its CSS inlined in <head> (no stylesheet request
 * before the first paint) and its chunks preloaded. #root says which route it is and who may hydrate it: a first
 * visit (nothing assumed in storage), a signed-in applicant, or no one.
 */
export function prerenderedPage({ template, route, rendered, js, css }: PageParts): string {
  const hydratable = Object.keys(route.stored ?? {}).length === 0 ? 'true' : route.signedIn ? 'signed-in' : 'false';
  const preloads = js
    .filter((file) => !template.includes(`"/${file}"`))
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
    .join('');
  const styles = `<style>${css.join('\n')}</style>${rendered.styles}`;
  const rootTag = `<div id="root" data-prerendered="${route.path}" data-hydratable="${hydratable}">`;
  // The markup paints without them: scripts load beside it at low priority, never ahead of the first paint.
  const page = template
    .replace(scriptTags, '<$1 fetchpriority="low"')
    .replace(stylesheetLink, '')
    .replace('</head>', `${preloads}${styles}</head>`)
    .replace('<div id="root"></div>', `${rootTag}${rendered.html}</div>`);
  if (!page.includes(rootTag)) throw new Error(`prerender ${route.path}: index.html has no empty <div id="root"></div>`);
  return page;
}

import type { RenderedRoute } from '../src/app/prerender';
import { criticalCss } from './critical-css.ts';

/** A route rendered at build time; `stored` is what the render assumes local and session storage hold. */
export interface PrerenderRoute {
  path: string;
  stored?: Record<string, string>;
  /** Rendered as any signed-in applicant sees it before they load (only the token assumed, its value never shown). */
  signedIn?: boolean;
}

/** What the page asks for once it has painted (scripts/browser/page-boot.js), as paths under the site's root. */
export interface PageAssets {
  /** The boot script itself. */
  boot: string;
  /**
   * The page's full stylesheet, in the parts the page applies one after another: antd's styles for its markup, then
   * the app's CSS of its chunks.
   */
  stylesheets: string[];
  /**
   * The chunks' own stylesheets that `stylesheets` hold: the page marks them as present (disabled links, never
   * fetched), so the app's module loader neither fetches them again nor waits for them before a chunk runs.
   */
  stylesheetParts?: string[];
  /** The entry module, then the chunks the route loads at once. */
  js: string[];
  /** Those of `js` that hold the default language's texts, which a page opening in another language never uses. */
  texts: string[];
  /** The default language, the declared ones and where the applicant's choice is stored (core/engine/languages.ts). */
  languages: { default: string; declared: string[]; storageKey: string };
  /**
   * A signed-in page's request for the applicant, sent as it paints: the API path, the storage key of the token and
   * the API client's deadline (src/api/prefetched-user.ts takes the answer).
   */
  user?: { path: string; tokenKey: string; timeoutMs: number };
}

export interface PageParts {
  /** dist/index.html as Vite wrote it. */
  template: string;
  route: PrerenderRoute;
  rendered: RenderedRoute;
  /** The page's full CSS (what `assets.stylesheets` hold): its first paint inlines the part its markup uses. */
  css: string;
  assets: PageAssets;
}

/** The entry script, the chunks Vite preloads for it and its stylesheet: the page asks for them after painting. */
const templateAssets = /\s*<(?:script type="module"[^>]*><\/script>|link rel="(?:modulepreload|stylesheet)"[^>]*>)/g;

/**
 * index.html with the route's markup in #root and, in <head>, the CSS that markup uses and one deferred script that
 * loads the rest after the first paint: no stylesheet, module or inline script is asked for before the page shows
 * (the Content Security Policy allows no inline script). #root says which route it is and who may hydrate it: a
 * first visit (nothing assumed in storage), a signed-in applicant, or no one.
 */
export function prerenderedPage({ template, route, rendered, css, assets }: PageParts): string {
  // React outlines a boundary it could not finish in one piece behind an inline script, which would never run.
  if (/<script|<template/.test(rendered.html)) throw new Error(`prerender ${route.path}: the markup holds a script or a pending boundary`);
  const hydratable = Object.keys(route.stored ?? {}).length === 0 ? 'true' : route.signedIn ? 'signed-in' : 'false';
  const rootTag = `<div id="root" data-prerendered="${route.path}" data-hydratable="${hydratable}">`;
  const [entry = '', ...rest] = assets.js;
  const texts = rest.filter((file) => assets.texts.includes(file));
  const chunks = rest.filter((file) => !assets.texts.includes(file));
  const { languages } = assets;
  const boot =
    `<script defer src="${assets.boot}" data-stylesheets="${assets.stylesheets.join(' ')}"` +
    `${assets.stylesheetParts?.length ? ` data-stylesheet-parts="${assets.stylesheetParts.join(' ')}"` : ''} data-entry="${entry}"` +
    `${chunks.length > 0 ? ` data-preload="${chunks.join(' ')}"` : ''}` +
    `${texts.length > 0 ? ` data-preload-texts="${texts.join(' ')}"` : ''}` +
    `${texts.length > 0 || assets.user ? ` data-language="${languages.default}" data-languages="${languages.declared.join(' ')}" data-language-key="${languages.storageKey}"` : ''}` +
    `${assets.user && route.signedIn ? ` data-user="${assets.user.path}" data-token-key="${assets.user.tokenKey}" data-user-timeout="${assets.user.timeoutMs}"` : ''}` +
    `></script>`;
  const markup = template.replace(templateAssets, '').replace('<div id="root"></div>', `${rootTag}${rendered.html}</div>`);
  if (!markup.includes(rootTag)) throw new Error(`prerender ${route.path}: index.html has no empty <div id="root"></div>`);
  return markup.replace('</head>', `<style>${criticalCss(css, markup)}</style>${boot}</head>`);
}

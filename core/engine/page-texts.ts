import type { ScreenName } from '../catalog/screens';
import { isFormPage, type PageConfig, type PagesFile } from './config-types';

/** Keys of a page's options that name a route only to go there, never to show its texts. */
const navigationKeys = new Set(['next', 'back']);

function routesNamedIn(node: unknown, pages: Record<string, PageConfig>, found: Set<string>): void {
  if (typeof node === 'string') {
    if (Object.hasOwn(pages, node)) found.add(node);
  } else if (Array.isArray(node)) {
    for (const item of node) routesNamedIn(item, pages, found);
  } else if (typeof node === 'object' && node !== null) {
    for (const [key, value] of Object.entries(node)) if (!navigationKeys.has(key)) routesNamedIn(value, pages, found);
  }
}

/**
 * Pure: the routes whose page texts `route` shows. Its own; those its options name (/modification shows the root's
 * labels of rejected steps and the signature page's field); the root's for a route without a page (the resume screen
 * stands in with the root's copy).
 */
export function routesShownOn(pages: Record<string, PageConfig>, route: string, root: string): string[] {
  const page = pages[route];
  if (!page) return Object.hasOwn(pages, root) ? [root] : [];
  const found = new Set([route]);
  if ('options' in page) routesNamedIn(page.options, pages, found);
  return [...found];
}

/** Another language's files that every page shows (the frame: messages, the flow's steps and panels). */
export const frameTextFiles = ['messages.json', 'flow.json'] as const;

/** The default language's files every page shows: flow.json's texts (its messages are in the bundle, for error states). */
export const defaultFrameTextFiles = ['flow.json'] as const;

/** flow-config/privacy.json's texts: the privacy notice, shown whole by these screens only (others show its version). */
export const privacyTextFile = 'privacy.json';
const privacyScreens: ReadonlySet<string> = new Set(['privacy' satisfies ScreenName]);

/** 'flow-config/pages/pan.json' (or any path to it, a query after it) → 'pan.json'. */
export function pageFileName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1).replace(/\?.*$/, '');
}

/**
 * Pure: the text files a route shows in `code`, as '<code>/<file>' ('en/pages/sign-in.json', 'hi/messages.json'):
 * its frame, the privacy notice where a page shows it, and the page files it shows. Another language's files hold
 * every text (the check makes sure), so the default language's counterparts load only when one of them fails
 * (`defaultCounterpart`).
 */
export function textFilesShownOn(pageFiles: Record<string, PagesFile>, route: string, root: string, code: string, defaultCode: string): string[] {
  const pages = Object.assign({}, ...Object.values(pageFiles).map((file) => file.pages)) as Record<string, PageConfig>;
  const routes = routesShownOn(pages, route, root);
  const names = Object.entries(pageFiles)
    .filter(([, file]) => routes.some((shown) => Object.hasOwn(file.pages, shown)))
    .map(([path]) => `pages/${pageFileName(path)}`);
  const showsPrivacy = routes.some((shown) => {
    const page = pages[shown];
    return page !== undefined && !isFormPage(page) && privacyScreens.has(page.screen);
  });
  const shown = showsPrivacy ? [privacyTextFile, ...names] : names;
  const frame = code === defaultCode ? defaultFrameTextFiles : frameTextFiles;
  return [...frame, ...shown].map((name) => `${code}/${name}`);
}

/** The default language's file that stands in for another language's ('hi/pages/pan.json' → 'en/pages/pan.json'). */
export function defaultCounterpart(key: string, defaultCode: string): string {
  return `${defaultCode}/${key.slice(key.indexOf('/') + 1)}`;
}

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { defaultStaticDir } from '../server/app-options';
import { configDir } from '../server/config/config-dirs';
import { readLanguages } from '../server/config/languages';
import { flow, pages } from '../scripts/flow-pages';
import { filesOf, opsConsoleChunks, opsConsoleRoute, readManifest, routeChunks } from '../scripts/route-chunks';

/** KB are 1024 bytes of gzip (level 9, as the server's .gz files), the JavaScript a route loads when it opens. */
export const loginBudgetKb = 150;
export const routeBudgetKb = 250;
/** The CSS inlined in a prerendered page's HTML (what its first paint uses; bytes as sent before compression). */
export const inlineCssBudgetKb = 30;
/** The back office (/ops): its own budget; it is not an applicant's route and never counts against theirs. */
export const opsBudgetKb = 200;

/** Code /login must not load: the form engine and everything only later steps need. */
const notOnLogin: [label: string, pattern: RegExp][] = [
  ['schema validator (ajv, precompiled validators)', /node_modules\/ajv|step-validators|validators-context/],
  ['form engine (rjsf, src/renderer/form)', /node_modules\/@rjsf\/|src\/renderer\/form/],
  ['dayjs / date picker', /node_modules\/dayjs\/|node_modules\/@rc-component\/picker\/es\/(?!locale\/)/],
  ['crop (react-easy-crop)', /node_modules\/react-easy-crop\//],
  ['signature (signature_pad)', /node_modules\/signature_pad\//],
  ['QR (qrcode)', /node_modules\/qrcode\//],
  ['fuzzy search (fuse.js)', /node_modules\/fuse\.js\//],
];

export interface RouteBundle {
  route: string;
  /** The language the route opens in, when not the default (its texts and step validators are that language's). */
  language?: string;
  jsKb: number;
  budgetKb: number;
  chunks: number;
  /** Code found on the route that must not be there (only checked for /login). */
  forbidden: string[];
  /** KB of CSS inline in the route's prerendered HTML (undefined: the build prerenders no page for it). */
  inlineCssKb?: number;
}

/** KB (1024 bytes) of the <style> elements of the route's prerendered page, if the build wrote one. */
export function inlineCssKb(dist: string, route: string): number | undefined {
  const file = join(dist, route.slice(1), 'index.html');
  if (route === '/' || !existsSync(file)) return undefined;
  const styles = [...readFileSync(file, 'utf8').matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, css = '']) => css);
  return Math.round((Buffer.byteLength(styles.join(''), 'utf8') / 1024) * 10) / 10;
}

function gzipKb(dist: string, file: string): number {
  return gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
}

/**
 * Per route of flow-config with a page, in every declared language: the gzip JavaScript it loads when it opens
 * (entry, page chunk, the texts it shows in that language, its form's validators, the widgets its form names, the
 * HTTP client when signed in), from Vite's manifest, and the CSS inline in its prerendered HTML (one page for every
 * language: the texts of another come with its modules); and the back office's /ops, under a budget of its own.
 */
export function bundleBudgets(dist = defaultStaticDir): RouteBundle[] {
  if (!existsSync(join(dist, '.vite', 'manifest.json'))) throw new Error(`${dist} has no build manifest: run npm run build first`);
  const manifest = readManifest(dist);
  const modules = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-modules.json'), 'utf8')) as Record<string, string[]>;
  const config = flow();
  const publicRoutes = new Set(config.publicRoutes);
  const sizeOf = (js: string[]) => Math.round(js.reduce((sum, file) => sum + gzipKb(dist, file), 0) * 10) / 10;
  const all = pages();
  const measure = (route: string, language?: string): RouteBundle => {
    const { js } = filesOf(manifest, routeChunks(manifest, route, all[route] ?? {}, !publicRoutes.has(route), language));
    const isLogin = route === config.routes.login;
    const inside = js.flatMap((file) => modules[file] ?? []);
    const forbidden = isLogin ? notOnLogin.filter(([, pattern]) => inside.some((id) => pattern.test(id))).map(([label]) => label) : [];
    const css = inlineCssKb(dist, route);
    return { route, ...(language ? { language } : {}), jsKb: sizeOf(js), budgetKb: isLogin ? loginBudgetKb : routeBudgetKb, chunks: js.length, forbidden, ...(css === undefined ? {} : { inlineCssKb: css }) };
  };
  const { default: defaultLanguage, languages } = readLanguages(configDir);
  const others = languages.filter(({ code }) => code !== defaultLanguage).flatMap(({ code }) => Object.keys(all).map((route) => measure(route, code)));
  const ops = filesOf(manifest, opsConsoleChunks(manifest)).js;
  return [
    ...Object.keys(all).map((route) => measure(route)),
    ...others,
    { route: opsConsoleRoute, jsKb: sizeOf(ops), budgetKb: opsBudgetKb, chunks: ops.length, forbidden: [] },
  ];
}

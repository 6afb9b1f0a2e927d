import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, minifySync, type Plugin, type ResolvedConfig } from 'vite';
import { isDeepStrictEqual } from 'node:util';
import type { AntdStyles, AntdToken, RenderedRoute } from '../src/app/prerender';
import { flow, pages } from './flow-pages.ts';
import { cssInParts, withoutFontFaces } from './critical-css.ts';
import { DEFAULT_API_BASE, REQUEST_TIMEOUT_MS } from '../src/api/client.ts';
import { storageKeys } from '../src/state/persisted.ts';
import { prerenderedPage } from './prerender-page.ts';
import { entryChunks, filesOf, readManifest, routeChunks, textChunks, type Manifest } from './route-chunks.ts';
import { languageStorageKey } from '../core/engine/languages.ts';
import { configDir } from '../server/config/config-dirs.ts';
import { readLanguages } from '../server/config/languages.ts';
import { buildToken } from './vite-antd-build-token.ts';
import { antdStylesFile } from './vite-antd-static-styles.ts';
import { compressBeside } from './vite-precompress.ts';

/** The most of the page's stylesheet a phone parses and applies in one go (its whole is ~280 KB: antd's, then ours). */
const stylesheetPartBytes = 64 * 1024;

interface Renderer {
  renderRoute(path: string, stored?: Record<string, string>): Promise<RenderedRoute>;
  antdStyles(): Promise<AntdStyles>;
  antdToken(): Promise<AntdToken>;
}

export interface PrerenderOptions {
  /** What local and session storage hold as each public route is rendered; {} is a first visit (hydratable). */
  publicRoutes: Record<string, Record<string, string>>;
  /** What they hold for every other page: signed in, the applicant not loaded yet (a form page's form, else layout, panel, spinner). */
  signedIn: Record<string, string>;
}

const entry = 'src/app/prerender.tsx';

/** Builds src/app/prerender.tsx for Node (everything bundled: antd's ES modules do not load in Node as they are). */
async function loadRenderer(config: ResolvedConfig, outDir: string): Promise<Renderer> {
  await build({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: { ssr: entry, outDir, emptyOutDir: true, minify: false, copyPublicDir: false },
  });
  return (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as Renderer;
}

/** The bundle's antd components whose CSS the render did not make: their styles would be missing in the browser. */
function missingStyles(dist: string, drawn: readonly string[]): string[] {
  const bundled = JSON.parse(readFileSync(join(dist, antdStylesFile), 'utf8')) as string[];
  return bundled.filter((component) => !drawn.includes(component));
}

/** Writes `content` as dist/assets/<name>-<hash>.<extension> (and its compressed copies); returns its path on the site. */
function writeAsset(dist: string, name: string, extension: string, content: string): string {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
  const file = `assets/${name}-${hash}.${extension}`;
  writeFileSync(join(dist, file), content);
  compressBeside(join(dist, file));
  return `/${file}`;
}

/** The <head> links dist/index.html lacks: antd's stylesheet, the entry chunks' stylesheets and the preloads of their scripts. */
function entryHead(template: string, manifest: Manifest, antdCss: string): string {
  const named = (path: string) => template.includes(`"${path}"`);
  const { js, css } = filesOf(manifest, entryChunks(manifest));
  const links = [
    `<link rel="stylesheet" href="${antdCss}">`,
    ...css.filter((file) => !named(`/${file}`)).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...js.filter((file) => !named(`/${file}`)).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  return links.map((link) => `  ${link}\n  `).join('');
}

/**
 * After the client build: renders every page of flow-config to HTML and writes it as dist/<route>/index.html, with
 * the CSS its markup uses inline and a boot script that, once the page has painted, loads its full stylesheet
 * (antd's CSS for every component the app may show, then the app's CSS of its chunks) and the chunks the route
 * needs. The server sends it to browsers navigating to the route: the card and the panel paint before any script or
 * stylesheet is asked for, and no chunk waits for another to be discovered. In the browser antd makes no CSS: the
 * build writes it (src/app/antd-style-sheet.tsx draws the components no page shows at first).
 */
export function prerender(options: PrerenderOptions): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'onboard-prerender',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const dist = resolve(config.root, config.build.outDir);
      const manifest = readManifest(dist);
      const template = readFileSync(join(dist, 'index.html'), 'utf8');
      // Minified as the bundle is: every prerendered page sends it (0.6 KB gzip, not 1.1).
      const bootScript = minifySync('page-boot.js', readFileSync(join(import.meta.dirname, 'browser', 'page-boot.js'), 'utf8'));
      if (bootScript.errors.length > 0) throw new Error(`scripts/browser/page-boot.js: ${bootScript.errors.map((error) => error.message).join('; ')}`);
      const boot = writeAsset(dist, 'boot', 'js', bootScript.code);
      const publicRoutes = new Set(flow().publicRoutes);
      const work = mkdtempSync(join(tmpdir(), 'onboard-prerender-'));
      try {
        const renderer = await loadRenderer(config, work);
        // Not the root: dist/index.html stays the plain page every other path falls back to.
        const rendered = [];
        for (const [path, page] of Object.entries(pages()).filter(([route]) => route !== '/')) {
          const signedIn = !publicRoutes.has(path);
          const stored = signedIn ? options.signedIn : (options.publicRoutes[path] ?? {});
          rendered.push({ path, page, signedIn, stored, markup: await renderer.renderRoute(path, stored) });
        }
        const antd = await renderer.antdStyles();
        const missing = missingStyles(dist, antd.components);
        if (missing.length > 0) throw new Error(`antd's CSS for ${missing.join(', ')} was not drawn at build: add the component to src/app/antd-style-sheet.tsx`);
        // The browser's antd token is the build's (scripts/vite-antd-build-token.ts): it must be the one antd draws with.
        const drawn = await renderer.antdToken();
        const built = buildToken();
        if (drawn.hashId !== built.hashId || !isDeepStrictEqual(drawn.token, built.token)) {
          const differ = [...new Set([...Object.keys(drawn.token), ...Object.keys(built.token)])].filter((key) => !isDeepStrictEqual(drawn.token[key], built.token[key]));
          throw new Error(`the browser build's antd token is not the one antd draws with (hash ${built.hashId} / ${drawn.hashId}; ${differ.slice(0, 10).join(', ') || 'no token differs'}): see scripts/vite-antd-build-token.ts`);
        }
        // Pages rendered in the browser (dist/index.html): antd's CSS, then the app's, and the chunks the entry starts
        // with, which Vite names only as they are imported (src/main.tsx imports React DOM and the app lazily).
        writeFileSync(join(dist, 'index.html'), template.replace('</head>', `${entryHead(template, manifest, writeAsset(dist, 'antd', 'css', antd.css))}</head>`));
        compressBeside(join(dist, 'index.html'));
        const declared = readLanguages(configDir);
        const pageLanguages = { default: declared.default, declared: declared.languages.map(({ code }) => code), storageKey: languageStorageKey };
        // As the app asks for the applicant (src/api/client.ts, src/state/persisted.ts), for a signed-in page to ask first.
        const applicantRequest = { path: `${config.env.VITE_API_BASE_URL ?? DEFAULT_API_BASE}/user`, tokenKey: storageKeys.authToken, timeoutMs: REQUEST_TIMEOUT_MS };
        for (const { path, page, signedIn, stored, markup } of rendered) {
          const { js, css: cssFiles } = filesOf(manifest, routeChunks(manifest, path, page, signedIn));
          const texts = filesOf(manifest, textChunks(manifest, path)).js.map((file) => `/${file}`);
          // antd's first, as its styles stand in the browser (antd's own before every other stylesheet).
          const css = [antd.css, ...cssFiles.map((file) => readFileSync(join(dist, file), 'utf8'))].join('\n');
          // The font faces are inlined for the first paint (scripts/critical-css.ts): the stylesheet leaves them out.
          const stylesheets = cssInParts(withoutFontFaces(css), stylesheetPartBytes).map((part) => writeAsset(dist, 'page', 'css', part));
          const assets = { boot, stylesheets, stylesheetParts: cssFiles.map((file) => `/${file}`), js: js.map((file) => `/${file}`), texts, languages: pageLanguages, user: applicantRequest };
          const html = prerenderedPage({ template, route: { path, stored, signedIn }, rendered: markup, css, assets });
          const file = join(dist, path.slice(1), 'index.html');
          mkdirSync(join(file, '..'), { recursive: true });
          writeFileSync(file, html);
          compressBeside(file);
        }
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    },
  };
}

import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { RenderedRoute } from '../src/app/prerender';
import { flow, pages } from './flow-pages.ts';
import { prerenderedPage } from './prerender-page.ts';
import { filesOf, readManifest, routeChunks } from './route-chunks.ts';
import { compressBeside } from './vite-precompress.ts';

type RenderRoute = (path: string, stored?: Record<string, string>) => Promise<RenderedRoute>;

export interface PrerenderOptions {
  /** What local and session storage hold as each public route is rendered; {} is a first visit (hydratable). */
  publicRoutes: Record<string, Record<string, string>>;
  /** What they hold for every other page: signed in, the applicant not loaded yet (a form page's form, else layout, panel, spinner). */
  signedIn: Record<string, string>;
}

const entry = 'src/app/prerender.tsx';

/** Builds src/app/prerender.tsx for Node (everything bundled: antd's ES modules do not load in Node as they are). */
async function loadRenderer(config: ResolvedConfig, outDir: string): Promise<RenderRoute> {
  await build({
    configFile: config.configFile,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: { ssr: entry, outDir, emptyOutDir: true, minify: false, copyPublicDir: false },
  });
  const module = (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as { renderRoute: RenderRoute };
  return module.renderRoute;
}

/** Writes `content` as dist/assets/<name>-<hash>.<extension> (and its compressed copies); returns its path on the site. */
function writeAsset(dist: string, name: string, extension: string, content: string): string {
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 10);
  const file = `assets/${name}-${hash}.${extension}`;
  writeFileSync(join(dist, file), content);
  compressBeside(join(dist, file));
  return `/${file}`;
}

/**
 * After the client build: renders every page of flow-config to HTML and writes it as dist/<route>/index.html, with
 * the CSS its markup uses inline and a boot script that, once the page has painted, loads its full stylesheet
 * (antd's CSS for that markup, then the app's CSS of its chunks) and the chunks the route needs. The server sends
 * it to browsers navigating to the route: the card and the panel paint before any script or stylesheet is asked
 * for, and no chunk waits for another to be discovered.
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
      const boot = writeAsset(dist, 'boot', 'js', readFileSync(join(import.meta.dirname, 'browser', 'page-boot.js'), 'utf8'));
      const publicRoutes = new Set(flow().publicRoutes);
      const work = mkdtempSync(join(tmpdir(), 'onboard-prerender-'));
      try {
        const render = await loadRenderer(config, work);
        // Not the root: dist/index.html stays the plain page every other path falls back to.
        for (const [path, page] of Object.entries(pages()).filter(([route]) => route !== '/')) {
          const signedIn = !publicRoutes.has(path);
          const stored = signedIn ? options.signedIn : (options.publicRoutes[path] ?? {});
          const rendered = await render(path, stored);
          const { js, css: cssFiles } = filesOf(manifest, routeChunks(manifest, path, page, signedIn));
          // antd's first, as its styles stand in the browser (antd puts them before every other stylesheet).
          const css = [rendered.styles, ...cssFiles.map((file) => readFileSync(join(dist, file), 'utf8'))].join('\n');
          const assets = { boot, stylesheet: writeAsset(dist, 'page', 'css', css), js: js.map((file) => `/${file}`) };
          const html = prerenderedPage({ template, route: { path, stored, signedIn }, rendered, css, assets });
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

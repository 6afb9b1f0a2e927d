import { readFileSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { embeddedForms, type PagesFile } from '../core/engine/config-types.ts';
import { textFilesShownOn } from '../core/engine/page-texts.ts';
import { configDir } from '../server/config/config-dirs.ts';
import { readLanguages } from '../server/config/languages.ts';
import { flow, pageFiles } from './flow-pages.ts';

/** One entry of Vite's build manifest (dist/.vite/manifest.json), keyed by source path. */
export interface ManifestChunk {
  file: string;
  /** The chunk's name: its entry module's file name without extension ('schema-form' for _schema-form-<hash>.js). */
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

export const root = join(import.meta.dirname, '..');
export const entryKey = 'index.html';
/** The module every schema-form page renders through (src/renderer/step-page.tsx loads it lazily). */
export const formPageKey = 'src/renderer/form-page.tsx';
/** The HTTP client, loaded with a signed-in page's first request (src/api/client.ts). */
export const httpClientKey = 'src/api/axios-client.ts';
/** The back office at /ops: a lazy chunk of its own (src/app/ops-route.tsx loads it). */
export const opsConsoleKey = 'src/ops/ops-app.tsx';
export const opsConsoleRoute = '/ops';

export function readManifest(dist: string): Manifest {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/**
 * What the entry loads as it starts: its own chunk and the chunks src/main.tsx imports lazily so that they are
 * evaluated a task apart (React DOM's, then the app's), with their static imports. The entry imports nothing else
 * lazily: every one of its lazy imports is part of the start.
 */
export function entryChunks(manifest: Manifest): Set<string> {
  return staticClosure(manifest, [entryKey, ...(manifest[entryKey]?.dynamicImports ?? [])]);
}

/** Manifest keys reachable from `keys` by static imports (what loads with them, before any lazy import). */
export function staticClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`'${key}' is not in the build manifest`);
    seen.add(key);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

/** Everything `keys` may ever load: static imports and lazy imports, transitively (an upper bound). */
export function fullClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])].forEach(visit);
  };
  keys.forEach(visit);
  return seen;
}

/** The registries that bind names to modules, one `name: () => import('./module')` a line. */
export const screenRegistryFile = 'src/screens/registry.ts';
export const widgetRegistryFile = 'widgets/registry.ts';

/**
 * Name → source module (relative to the repository root, without its extension), read from a registry's lines
 * rather than run: the registries load React, and the bench and the build run without a bundler.
 */
export function registryModules(file: string): Record<string, string> {
  const source = readFileSync(join(root, file), 'utf8');
  const lines = [...source.matchAll(/^\s+(\w+): \(\) => import\('\.\/([^']+)'\)/gm)];
  return Object.fromEntries(lines.map(([, name = '', path = '']) => [name, join(dirname(file), path).split(sep).join('/')]));
}

/** The manifest key of a source module (a registry's path has no extension). */
function manifestKey(manifest: Manifest, base: string): string | undefined {
  return ['.tsx', '.ts'].map((extension) => `${base}${extension}`).find((candidate) => candidate in manifest);
}

/** Screen name → the manifest key of its module. */
export function screenModules(manifest: Manifest): Record<string, string> {
  const modules = Object.entries(registryModules(screenRegistryFile)).flatMap(([name, base]) => {
    const key = manifestKey(manifest, base);
    return key ? [[name, key] as const] : [];
  });
  return Object.fromEntries(modules);
}

/** The manifest key of the module that renders a page: its screen, or the form page. */
export function pageModule(page: { screen?: string; form?: unknown }, screens: Record<string, string>, route: string): string {
  if (page.form !== undefined) return formPageKey;
  const key = page.screen ? screens[page.screen] : undefined;
  if (!key) throw new Error(`${route}: no chunk for screen '${page.screen ?? ''}' (${screenRegistryFile})`);
  return key;
}

/** Files (under dist/) of the given manifest keys, JS and CSS apart. */
export function filesOf(manifest: Manifest, keys: Iterable<string>): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    chunk.css?.forEach((file) => css.add(file));
  }
  return { js: [...js], css: [...css] };
}

/** The "ui:widget" names a page's uiSchema uses, at any depth. */
export function widgetNamesIn(uiSchema: unknown): string[] {
  if (typeof uiSchema !== 'object' || uiSchema === null) return [];
  return Object.entries(uiSchema).flatMap(([key, value]) =>
    key === 'ui:widget' && typeof value === 'string' ? [value] : widgetNamesIn(value),
  );
}

export interface RoutePage {
  screen?: string;
  form?: { uiSchema?: unknown; schema?: string };
  options?: Record<string, unknown>;
}

/** The manifest key of one step schema's validators in a language (scripts/vite-step-validators.ts); the default's unless named. */
export const validatorsKey = (schema: string, language = readLanguages(configDir).default): string => `virtual:step-validators/${language}/${schema}`;

/**
 * The manifest keys of the texts a route shows in a language (the default's unless named), as
 * src/config/language-texts.ts loads them: the default language's page texts (flow-config/pages/x.json?texts, split
 * off by scripts/vite-page-texts.ts) and another language's files (flow-config/languages/<code>/...).
 */
export function textChunks(manifest: Manifest, route: string, language = readLanguages(configDir).default): string[] {
  const { default: defaultCode } = readLanguages(configDir);
  const files = textFilesShownOn(pageFiles() as Record<string, PagesFile>, route, flow().routes.root, language, defaultCode);
  return files.map((name) => {
    const [code] = name.split('/');
    const file = name.slice(name.indexOf('/') + 1);
    // The default language's texts are split off its own files (pages/x.json?texts, privacy.json?texts): the whole
    // path after the config folder names one, or flow-config/pages/privacy.json would pass for privacy.json.
    const ending = code === defaultCode ? `/${basename(configDir)}/${file}?texts` : `/languages/${name}`;
    const key = Object.keys(manifest).find((candidate) => `/${candidate}`.endsWith(ending) && manifest[candidate]?.isDynamicEntry);
    if (!key) throw new Error(`${route}: no chunk of the texts ${name} in the build manifest`);
    return key;
  });
}

/** The module every schema form renders through: a screen that imports it statically draws its forms at once. */
export const schemaFormKey = 'src/renderer/form/schema-form.tsx';

/**
 * Whether a chunk is the schema form's: keyed by the module's path when something imports it lazily, else (imported
 * statically only, as a screen drawing its forms at once does) a shared chunk named after it, _schema-form-<hash>.js.
 */
function isSchemaFormChunk(manifest: Manifest, key: string): boolean {
  return key === schemaFormKey || (key.startsWith('_') && manifest[key]?.name === basename(schemaFormKey).replace(/\.tsx$/, ''));
}

/**
 * What a route loads as soon as it opens: the entry's chunks (entryChunks), the page's module, its texts, its forms'
 * validators and the lazy chunks of the widgets they name, and (signed in) the HTTP client its first request needs. A
 * form page's form counts; a screen's embedded forms count when the screen draws them at once (it imports the form
 * engine statically), not when it loads them on a later view. Static imports of all of those are included; other lazy
 * chunks are not.
 */
export function routeChunks(manifest: Manifest, route: string, page: RoutePage, signedIn: boolean, language?: string): Set<string> {
  const module = pageModule(page, screenModules(manifest), route);
  const keys = [...entryChunks(manifest), module, ...textChunks(manifest, route, language)];
  const drawsForms = page.form !== undefined || [...staticClosure(manifest, [module])].some((key) => isSchemaFormChunk(manifest, key));
  const forms = page.form ? [page.form] : drawsForms ? embeddedForms(page.options).map(({ form }) => form) : [];
  for (const { schema } of forms) {
    if (!schema) continue;
    if (!manifest[validatorsKey(schema, language)]) throw new Error(`${route}: no validators chunk for schema '${schema}' in the build manifest`);
    keys.push(validatorsKey(schema, language));
  }
  // The widget's own module, as the registry loads it; what that module loads lazily in turn (the cropper once a
  // file is picked) is not part of opening the route.
  const widgetModules = registryModules(widgetRegistryFile);
  for (const name of new Set(forms.flatMap((form) => widgetNamesIn(form.uiSchema)))) {
    const key = widgetModules[name] === undefined ? undefined : manifestKey(manifest, widgetModules[name]);
    if (key) keys.push(key);
  }
  if (signedIn && manifest[httpClientKey]) keys.push(httpClientKey);
  return staticClosure(manifest, keys);
}

/** What /ops loads as it opens: the entry and the console's chunk with its static imports (it never uses axios). */
export function opsConsoleChunks(manifest: Manifest): Set<string> {
  return staticClosure(manifest, [...entryChunks(manifest), opsConsoleKey]);
}

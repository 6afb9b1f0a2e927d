import type { ConfigBundle, Messages, PagesFile } from '../../core/engine/config-types';
import type { FlowConfig } from '../../core/engine/flow-types';
import type { PrivacyConfig } from '../../core/engine/privacy';
import { translated } from '../../core/engine/translations';
import { normalisePath } from '../../core/engine/flow';
import { defaultCounterpart, pageFileName, privacyTextFile, textFilesShownOn } from '../../core/engine/page-texts';
import { defaultBundle } from './bundle';
import { languages } from './language';

/**
 * A language's texts, each file its own chunk, loaded with the route that shows them. The default language's are
 * its page files' texts (scripts/vite-page-texts.ts: the bundle holds the pages with their texts emptied); another
 * language's are its files under flow-config/languages/<code>/: the frame's (messages, flow, privacy) with the first
 * page, and each page file's with its route. Either is laid over the bundle the same way (`translated`).
 */
const defaultPages = import.meta.glob<unknown>('@flow-config/pages/*.json', { query: '?texts', import: 'default' });
const defaultFrame = import.meta.glob<unknown>(['@flow-config/flow.json', '@flow-config/privacy.json'], { query: '?texts', import: 'default' });
const otherLanguages = import.meta.glob<unknown>(['@flow-config/languages/*/*.json', '@flow-config/languages/*/pages/*.json', '!**/uploads.json'], {
  import: 'default',
});

const byName = new Map<string, () => Promise<unknown>>();
for (const [path, load] of Object.entries(defaultPages)) byName.set(`${languages.default}/pages/${pageFileName(path)}`, load);
for (const [path, load] of Object.entries(defaultFrame)) byName.set(`${languages.default}/${pageFileName(path)}`, load);
for (const [path, load] of Object.entries(otherLanguages)) {
  const match = /languages\/([a-z]{2,3})\/(.+\.json)$/.exec(path);
  if (match) byName.set(`${match[1]}/${match[2]}`, load);
}

/** The built page files, flow and privacy notice, their texts emptied: the default language's texts go over these alone (a test's own keep theirs). */
const textsApart = new Set<PagesFile | PrivacyConfig | FlowConfig>([...Object.values(defaultBundle.pageFiles), defaultBundle.privacy, defaultBundle.flow]);
const loaded = new Map<string, unknown>();
const failed = new Set<string>();
const pending = new Map<string, Promise<void>>();
let version = 0;
const listeners = new Set<() => void>();

export function subscribeTexts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function textsVersion(): number {
  return version;
}

/** The files a route shows in `code`; another language's that failed give way to the default language's. */
function namesFor(bundle: ConfigBundle, code: string, route: string): string[] {
  return textFilesShownOn(bundle.pageFiles, normalisePath(route), bundle.flow.routes.root, code, languages.default)
    .map((key) => (failed.has(key) ? defaultCounterpart(key, languages.default) : key))
    .filter((key) => byName.has(key));
}

/** Whether the texts a route shows in `code` are here. */
export function textsReady(bundle: ConfigBundle, code: string, route: string): boolean {
  return namesFor(bundle, code, route).every((key) => loaded.has(key));
}

function loadOne(key: string): Promise<void> {
  let promise = pending.get(key);
  if (!promise) {
    const isDefault = key.startsWith(`${languages.default}/`);
    promise = (byName.get(key) as () => Promise<unknown>)().then(
      (texts) => {
        loaded.set(key, texts);
        version += 1;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        pending.delete(key);
        if (isDefault) throw new Error(`The page's texts did not load (${key})`, { cause: error });
        // Another language's words give way to the default's rather than wait again (messages have theirs in the
        // bundle); the default's have nothing beneath them: the page says it could not be shown.
        failed.add(key);
        const fallback = defaultCounterpart(key, languages.default);
        return byName.has(fallback) ? loadOne(fallback) : undefined;
      },
    );
    pending.set(key, promise);
  }
  return promise;
}

const together = new Map<string, Promise<void>>();

/**
 * Loads the texts a route shows in `code`. Another language's failed chunk loads the default language's in its place;
 * the default language's rejects, so the page's error boundary says so instead of showing blanks.
 */
export function loadTexts(bundle: ConfigBundle, code: string, route: string): Promise<void> {
  const missing = namesFor(bundle, code, route).filter((key) => !loaded.has(key));
  // The same promise for the same files, however many callers ask at once (the page, the start-up, a preload).
  const key = missing.join('|');
  const known = together.get(key);
  if (known) return known;
  const all = Promise.all(missing.map(loadOne)).then(
    () => void together.delete(key),
    (error: unknown) => {
      together.delete(key);
      throw error;
    },
  );
  together.set(key, all);
  return all;
}

/** The last translation made, for as long as no text has arrived since: the same inputs give the same objects. */
let lastTranslation: { bundle: ConfigBundle; code: string; version: number; result: ConfigBundle } | undefined;

/**
 * The bundle in `code`, as far as its texts have loaded (a page file not loaded yet keeps its emptied texts). Asked
 * again with no new text loaded, it answers the same object: the runtime's store is seeded with it, so the app's
 * first render finds the flow unchanged rather than re-rendering every reader of it at once.
 */
export function translatedBundle(bundle: ConfigBundle, code: string): ConfigBundle {
  if (lastTranslation?.bundle === bundle && lastTranslation.code === code && lastTranslation.version === version) return lastTranslation.result;
  const result = translate(bundle, code);
  lastTranslation = { bundle, code, version, result };
  return result;
}

function translate(bundle: ConfigBundle, code: string): ConfigBundle {
  const texts = (language: string, name: string) => loaded.get(`${language}/${name}`);
  const layered = <T,>(kind: 'messages' | 'flow' | 'privacy' | 'page', content: T, name: string, codes: string[]): T =>
    codes.reduce((result, language) => {
      const own = texts(language, name);
      return own === undefined ? result : translated(kind, result, own);
    }, content);
  const own = code === languages.default ? [] : [code];
  // The built bundle's files have no texts of their own: the default language's go beneath another's.
  const codesFor = (content: PagesFile | PrivacyConfig | FlowConfig) => (textsApart.has(content) ? [languages.default, ...own] : own);
  const pageFiles: Record<string, PagesFile> = {};
  for (const [key, file] of Object.entries(bundle.pageFiles)) {
    pageFiles[key] = layered('page', file, `pages/${pageFileName(key)}`, codesFor(file));
  }
  const privacy = layered<PrivacyConfig>('privacy', bundle.privacy, privacyTextFile, codesFor(bundle.privacy));
  const flow = layered<FlowConfig>('flow', bundle.flow, 'flow.json', codesFor(bundle.flow));
  if (code === languages.default) return { ...bundle, flow, privacy, pageFiles };
  return { flow, messages: layered<Messages>('messages', bundle.messages, 'messages.json', [code]), privacy, pageFiles };
}

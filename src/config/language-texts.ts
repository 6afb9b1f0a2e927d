import type { ConfigBundle, Messages, PagesFile } from '../../core/engine/config-types';
import type { FlowConfig } from '../../core/engine/flow-types';
import type { PrivacyConfig } from '../../core/engine/privacy';
import { translated } from '../../core/engine/translations';
import { normalisePath } from '../../core/engine/flow';
import { languages } from './language';

/**
 * Another language's texts (flow-config/languages/<code>/), each file its own chunk: the frame's (messages, flow,
 * privacy) with the first page, and each page file's with its route, so a language never loads at once.
 */
const loaders = import.meta.glob<unknown>(['@flow-config/languages/*/*.json', '@flow-config/languages/*/pages/*.json', '!**/uploads.json'], {
  import: 'default',
});

const byName = new Map<string, () => Promise<unknown>>();
for (const [path, load] of Object.entries(loaders)) {
  const match = /languages\/([a-z]{2,3})\/(.+\.json)$/.exec(path);
  if (match) byName.set(`${match[1]}/${match[2]}`, load);
}

const frameFiles = ['messages.json', 'flow.json', 'privacy.json'];
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

/** The page file of flow-config/pages that holds a route ('pages/pan.json'), if any. */
function pageFileOf(bundle: ConfigBundle, route: string): string | undefined {
  const path = normalisePath(route);
  const entry = Object.entries(bundle.pageFiles).find(([, file]) => Object.hasOwn(file.pages, path));
  return entry ? `pages/${entry[0].slice(entry[0].lastIndexOf('/') + 1)}` : undefined;
}

function namesFor(bundle: ConfigBundle, code: string, route: string): string[] {
  if (code === languages.default) return [];
  const page = pageFileOf(bundle, route);
  return [...frameFiles, ...(page ? [page] : [])].map((name) => `${code}/${name}`).filter((key) => byName.has(key) && !failed.has(key));
}

/** Whether the texts a route shows in `code` are here (always, for the default language). */
export function textsReady(bundle: ConfigBundle, code: string, route: string): boolean {
  return namesFor(bundle, code, route).every((key) => loaded.has(key));
}

/** Loads the texts a route shows in `code`; never rejects (a failed chunk leaves the default language's words). */
const together = new Map<string, Promise<void>>();

export function loadTexts(bundle: ConfigBundle, code: string, route: string): Promise<void> {
  const missing = namesFor(bundle, code, route).filter((key) => !loaded.has(key));
  // The same promise for the same files, so a suspended page (React's use) waits on one it has seen.
  const key = missing.join('|');
  const known = together.get(key);
  if (known) return known;
  const all = Promise.all(
    missing.map((key) => {
      let promise = pending.get(key);
      if (!promise) {
        promise = (byName.get(key) as () => Promise<unknown>)().then(
          (texts) => {
            loaded.set(key, texts);
            version += 1;
            for (const listener of listeners) listener();
          },
          () => {
            // The page shows the default language's words rather than wait again; a reload tries anew.
            pending.delete(key);
            failed.add(key);
          },
        );
        pending.set(key, promise);
      }
      return promise;
    }),
  ).then(() => {
    together.delete(key);
  });
  together.set(key, all);
  return all;
}

/** The bundle in `code`, as far as its texts have loaded (files not loaded yet keep the default language's words). */
export function translatedBundle(bundle: ConfigBundle, code: string): ConfigBundle {
  if (code === languages.default) return bundle;
  const texts = (name: string) => loaded.get(`${code}/${name}`);
  const pageFiles: Record<string, PagesFile> = {};
  for (const [key, file] of Object.entries(bundle.pageFiles)) {
    const own = texts(`pages/${key.slice(key.lastIndexOf('/') + 1)}`);
    pageFiles[key] = own === undefined ? file : translated('page', file, own);
  }
  const frame = <T,>(kind: 'messages' | 'flow' | 'privacy', english: T): T => {
    const own = texts(`${kind}.json`);
    return own === undefined ? english : translated(kind, english, own);
  };
  return {
    flow: frame<FlowConfig>('flow', bundle.flow),
    messages: frame<Messages>('messages', bundle.messages),
    privacy: frame<PrivacyConfig>('privacy', bundle.privacy),
    pageFiles,
  };
}

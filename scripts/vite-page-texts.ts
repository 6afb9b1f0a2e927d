import { dirname, join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { translationSkeleton, withoutTexts } from '../core/engine/translations.ts';

/** How src/config imports a page file: `?structure` (texts emptied, bundled eagerly) or `?texts` (its texts alone, lazily). */
export type PagePart = 'structure' | 'texts';

/** One part of a flow-config/pages file's content (or of flow-config/privacy.json's, as `kind` says). */
export function pagePart(content: unknown, part: PagePart, kind: 'page' | 'privacy' | 'flow' = 'page'): unknown {
  return part === 'texts' ? translationSkeleton(kind, content) : withoutTexts(kind, content);
}

/**
 * Splits flow-config/pages/*.json as the browser imports them: the pages' shape (routes, screens, forms) in the
 * entry, each file's texts a chunk of its own that loads with its routes, as another language's texts do
 * (src/config/language-texts.ts); flow-config/flow.json and privacy.json alike (their texts load with the first page
 * and with the page that shows the notice).
 * Build and dev alike; `whole` (unit tests) serves either part as the whole file, so a test's bundle has its pages'
 * words at once (laid over themselves, the texts change nothing).
 */
export function pageTexts({ configDir, whole = false }: { configDir: string; whole?: boolean }): Plugin {
  const pagesDir = resolve(configDir, 'pages');
  const frameFiles = new Map([[resolve(configDir, 'privacy.json'), 'privacy' as const], [resolve(configDir, 'flow.json'), 'flow' as const]]);
  return {
    name: 'onboard-page-texts',
    enforce: 'pre',
    transform(code, id) {
      const [file = '', query = ''] = id.split('?');
      const part = new URLSearchParams(query).has('texts') ? 'texts' : new URLSearchParams(query).has('structure') ? 'structure' : undefined;
      const kind = frameFiles.get(resolve(file)) ?? 'page';
      if (!part || !file.endsWith('.json') || (kind === 'page' && resolve(dirname(file)) !== join(pagesDir))) return null;
      const content = JSON.parse(code) as unknown;
      return { code: `export default ${JSON.stringify(whole ? content : pagePart(content, part, kind))};\n`, map: null };
    },
  };
}

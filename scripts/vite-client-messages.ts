import { join } from 'node:path';
import type { Plugin } from 'vite';
import { nonTextSections } from '../src/engine/message-codes.ts';
import { codesNamedIn, readWhole } from '../server/validation/message-code-check.ts';

type Texts = Record<string, unknown>;
const clientFolders = ['src', 'widgets'];

/**
 * The texts the browser shows of flow-config/messages.json: the codes src/ and widgets/ name, the texts server codes
 * are shown as (shownAs), the sections read whole, links and shownAs. The server's own texts (emails, SMS, back
 * office, refusals it words itself) stay on the server: the browser shows the server's words as they come.
 */
export function clientMessages(messages: Texts, root: string): Texts {
  const named = codesNamedIn(messages, root, clientFolders);
  for (const shown of Object.values((messages.shownAs ?? {}) as Record<string, string>)) named.add(shown);
  const kept: Texts = {};
  for (const [section, texts] of Object.entries(messages)) {
    if ((nonTextSections as readonly string[]).includes(section) || readWhole.has(section)) kept[section] = texts;
    else if (typeof texts === 'object' && texts !== null) {
      const entries = Object.entries(texts as Texts).filter(([key]) => named.has(`${section}.${key}`));
      if (entries.length > 0) kept[section] = Object.fromEntries(entries);
    }
  }
  return kept;
}

/** Narrows flow-config's messages.json as the build imports it (see clientMessages); tests and dev see it whole. */
export function clientMessagesPlugin({ configDir, root }: { configDir: string; root: string }): Plugin {
  const file = join(configDir, 'messages.json');
  return {
    name: 'onboard-client-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (id !== file) return null;
      return { code: JSON.stringify(clientMessages(JSON.parse(code) as Texts, root)), map: null };
    },
  };
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { nonTextSections } from '../core/engine/message-codes.ts';
import { codesNamedIn, readWhole } from '../server/validation/message-code-check.ts';
import { readLanguages } from '../server/config/languages.ts';

type Texts = Record<string, unknown>;
const clientFolders = ['core', 'src', 'widgets'];

/**
 * The texts the browser shows of flow-config/messages.json: the codes src/ and widgets/ name, the texts server codes
 * are shown as (shownAs), the sections read whole, links and shownAs. The server's own texts (emails, SMS, back
 * office, refusals it words itself) stay on the server: the browser shows the server's words as they come.
 */
export function clientMessages(messages: Texts, root: string, shownAs: Texts = (messages.shownAs ?? {}) as Texts): Texts {
  const named = codesNamedIn(messages, root, clientFolders);
  for (const shown of Object.values(shownAs as Record<string, string>)) named.add(shown);
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

interface EmailsOf {
  review?: { decisions?: Record<string, Texts>; rekyc?: Texts; rectification?: Texts };
}

/** flow.json without the emails of `review` (decisions, re-KYC, rectification): the server sends them, the browser never shows them. */
export function clientFlow(flow: Texts): Texts {
  const copy = structuredClone(flow) as Texts & EmailsOf;
  const review = copy.review;
  for (const decision of Object.values(review?.decisions ?? {})) delete decision.email;
  delete review?.rekyc?.email;
  for (const name of ['reminderEmail', 'expiredEmail', 'reopenEmail']) delete review?.rectification?.[name];
  return copy;
}

/** Narrows flow-config's messages.json and flow.json (and each language's) as the build imports them (clientMessages, clientFlow); tests and dev see them whole. */
export function clientMessagesPlugin({ configDir, root }: { configDir: string; root: string }): Plugin {
  // Another language's messages and flow are shaped like the default's (its texts alone): narrowed the same way.
  // A language's file holds no shownAs (it is no text): the default's names the texts server codes are shown as.
  const folders = [configDir, ...readLanguages(configDir).languages.map(({ code }) => join(configDir, 'languages', code))];
  const { shownAs } = JSON.parse(readFileSync(join(configDir, 'messages.json'), 'utf8')) as { shownAs: Texts };
  const narrow: Record<string, (content: Texts) => Texts> = Object.fromEntries(
    folders.flatMap((folder) => [
      [join(folder, 'messages.json'), (messages: Texts) => clientMessages(messages, root, shownAs)],
      [join(folder, 'flow.json'), clientFlow],
    ]),
  );
  return {
    name: 'onboard-client-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      const narrowed = narrow[id];
      return narrowed ? { code: JSON.stringify(narrowed(JSON.parse(code) as Texts)), map: null } : null;
    },
  };
}

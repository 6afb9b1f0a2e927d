import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { nonTextSections } from '../../core/engine/message-codes.ts';

/**
 * Texts by code (flow-config/messages.json) against the code that names them: a code the server or the app uses
 * needs a text, and a text needs a code that uses it (a text nobody reads would be reworded for nothing).
 * Codes are found as written: quoted 'section.key' literals in server/, src/ and widgets/; one with no text is
 * reported where it is surely a code (an ApiError, say(), messageText(), a schema's errorMessage), the rest the
 * typecheck catches (MessageCode).
 */

/** Sections the app reads whole (typed objects whose keys the schema fixes), so no code names their texts one by one. */
export const readWhole = new Set(['uploads', 'shell', 'controls']);
const sourceFolders = ['server', 'core', 'src', 'widgets'];
/** Where a literal is surely a code: the calls and keys that take one. */
const codeContext = /(?:ApiError\(\s*\d+\s*,|tooMany\(|say\(|messageText\([^,()]+,|errorMessage:|problem:)\s*$/;
const literal = /(['"`])([a-z][A-Za-z0-9]*)\.([a-zA-Z][A-Za-z0-9]*)\1/g;

type Texts = Record<string, unknown>;

function sourceFiles(root: string, folders: readonly string[] = sourceFolders): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'generated') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|tsx)$/.test(entry.name)) files.push(path);
    }
  };
  for (const folder of folders) {
    try {
      walk(join(root, folder));
    } catch {
      // a folder the repository does not have
    }
  }
  return files.sort();
}

/** Read once per process: every server start in a test run checks the config against the same sources. */
const read = new Map<string, { file: string; source: string }[]>();
function sources(root: string, folders: readonly string[] = sourceFolders): { file: string; source: string }[] {
  const key = `${root}|${folders.join(',')}`;
  let found = read.get(key);
  if (!found) read.set(key, (found = sourceFiles(root, folders).map((file) => ({ file, source: readFileSync(file, 'utf8') }))));
  return found;
}

/** The codes with a text that the sources of `folders` name (the browser's: src and widgets). */
export function codesNamedIn(messages: Texts, root: string, folders: readonly string[]): Set<string> {
  const named = new Set<string>();
  for (const { source } of sources(root, folders)) {
    for (const [, , section = '', key = ''] of source.matchAll(literal)) if (hasText(messages, section, key)) named.add(`${section}.${key}`);
  }
  return named;
}

const hasText = (messages: Texts, section: string, key: string) => {
  const texts = messages[section];
  return typeof texts === 'object' && texts !== null && typeof (texts as Texts)[key] === 'string';
};

/**
 * Problems naming file and JSON path (messages.json) or file and line (a source). `configCodes`: codes config itself
 * names (an upload binding's message in flow.json), which count as used.
 */
export function messageCodeProblems(messages: Texts, messagesLabel: string, root: string, configCodes: Iterable<string> = []): string[] {
  const problems: string[] = [];
  const used = new Set<string>(configCodes);
  const textSections = Object.keys(messages).filter((section) => !(nonTextSections as readonly string[]).includes(section));
  for (const { file, source } of sources(root)) {
    for (const match of source.matchAll(literal)) {
      const [, , section = '', key = ''] = match;
      const code = `${section}.${key}`;
      if (hasText(messages, section, key)) {
        used.add(code);
        continue;
      }
      const before = source.slice(Math.max(0, match.index - 80), match.index);
      if (codeContext.test(before)) {
        const line = source.slice(0, match.index).split('\n').length;
        problems.push(`${relative(root, file)}:${line}: uses the message code '${code}', which ${messagesLabel} does not have; add its text at ${section}.${key}`);
      }
    }
  }
  const shownAs = (messages.shownAs ?? {}) as Record<string, string>;
  for (const [code, shown] of Object.entries(shownAs)) {
    for (const named of [code, shown]) {
      const [section = '', key = ''] = named.split('.');
      if (hasText(messages, section, key)) used.add(named);
      else problems.push(`${messagesLabel}: shownAs.${code} names '${named}', which has no text`);
    }
  }
  for (const section of textSections.filter((name) => !readWhole.has(name))) {
    const texts = messages[section];
    if (typeof texts !== 'object' || texts === null) continue;
    for (const key of Object.keys(texts)) {
      if (!used.has(`${section}.${key}`)) problems.push(`${messagesLabel}: ${section}.${key} is a text no code uses; remove it, or name it by its code '${section}.${key}'`);
    }
  }
  return problems;
}

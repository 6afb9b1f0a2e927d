import { cpSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FlowConfig } from '../../core/engine/flow-types';
import type { TextTable } from '../../core/engine/message-codes';
import { defaultConfigDir } from '../../server/config/load-config';
import { STEP_SCHEMA_DIR } from '../../server/validation/step-schemas';

/**
 * Hindi in server tests. Expectations are read from the config the server loads, never written here: a translator
 * rewords freely. While a Hindi file still holds English for a text, an answer in English would look like one in
 * Hindi; so the tests run on a copy of flow-config/ where every Hindi text without Devanagari yet carries a marker,
 * and a server that answered in English fails them. Translated texts are left exactly as written.
 */

type Json = unknown;
const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8'));
const devanagari = /[\u0900-\u097F]/;
export const untranslatedMarker = ' ‹hi›';

function marked(node: Json, key?: string): Json {
  if (typeof node === 'string') return key === '$ref' || devanagari.test(node) ? node : `${node}${untranslatedMarker}`;
  if (Array.isArray(node)) return node.map((item) => marked(item));
  if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([k, value]) => [k, marked(value, k)]));
  return node;
}

function markFolder(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) markFolder(path);
    else if (name.endsWith('.json')) writeFileSync(path, JSON.stringify(marked(readJson(path)), null, 2));
  }
}

/** A copy of flow-config/ whose Hindi texts all differ from the English ones; returns its folder. */
export function markedHindiConfig(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'onboard-hindi-')), 'flow-config');
  cpSync(defaultConfigDir, dir, { recursive: true });
  markFolder(join(dir, 'languages', 'hi'));
  return dir;
}

/** messages.json of a config folder in English, or as languages/<code>/ holds it. */
export function messagesOf(configDir: string, language?: string): TextTable {
  return readJson(join(configDir, ...(language ? ['languages', language] : []), 'messages.json')) as TextTable;
}

/** flow.json's texts in a language (languages/<code>/flow.json holds the texts only, in flow.json's shape; steps by id). */
export function flowTextsOf(configDir: string, language: string): Pick<FlowConfig, 'review'> & { steps: Record<string, { title: string } | undefined> } {
  return readJson(join(configDir, 'languages', language, 'flow.json')) as Pick<FlowConfig, 'review'> & { steps: Record<string, { title: string } | undefined> };
}

/** uploads.json's texts in a language: each kind's label and the types it accepts, as refusals name them. */
export function uploadsTextsOf(configDir: string, language: string): { kinds: Record<string, { label?: string; acceptText?: string } | undefined> } {
  return readJson(join(configDir, 'languages', language, 'uploads.json')) as { kinds: Record<string, { label?: string; acceptText?: string } | undefined> };
}

/** The path of a message under an errorMessage of a JSON schema, where it is written (not where a $ref names it). */
function pathOf(node: Json, text: string, path: string[] = []): string[] | undefined {
  if (node === text && path.includes('errorMessage')) return path;
  if (!node || typeof node !== 'object') return undefined;
  for (const [key, value] of Object.entries(node)) {
    const found = pathOf(value, text, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/** The words a language's file gives a step schema's English message, at the path the English file writes it. */
export function schemaMessageIn(configDir: string, language: string, schemaFile: string, english: string): string {
  const path = pathOf(readJson(join(STEP_SCHEMA_DIR, schemaFile)), english);
  if (!path) throw new Error(`schemas/step-data/${schemaFile} has no message ${JSON.stringify(english)}`);
  const words = path.reduce<Json>((node, key) => (node as Record<string, Json>)[key], readJson(join(configDir, 'languages', language, 'step-data', schemaFile)));
  if (typeof words !== 'string') throw new Error(`languages/${language}/step-data/${schemaFile} has no text at ${path.join('.')}`);
  return words;
}

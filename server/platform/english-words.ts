import { basename } from 'node:path';
import { type JsonPath, type TextFileKind, textLeaves, translated } from '../../core/engine/translations';

/**
 * Texts the server holds in English while it runs, in another language. ajv compiles the English step schemas once
 * (a failure's messages are their words) and the upload rules carry uploads.json's labels (a refusal names them);
 * each is mapped to the words the language's file holds at the same path. The copy check lets a schema message be
 * written for one field only, so its words name one place; compiling every schema again per language would cost
 * ajv's whole compile time once more for each language, for the same result.
 */
export interface WordSource {
  kind: TextFileKind;
  english: unknown;
  /** The language's file; undefined: none (its texts stay English). */
  translation: unknown;
  /** The texts of the file the server words at run time (default: all). */
  holds?: (path: JsonPath) => boolean;
}

/** English words → the language's words, the first place a text is written winning. */
export function translatedWords(sources: readonly WordSource[]): ReadonlyMap<string, string> {
  const words = new Map<string, string>();
  for (const { kind, english, translation, holds = () => true } of sources) {
    if (translation === undefined) continue;
    const theirs = textLeaves(kind, translated(kind, english, translation));
    textLeaves(kind, english).forEach(({ path, text }, index) => {
      const said = theirs[index]?.text;
      if (said !== undefined && holds(path) && !words.has(text)) words.set(text, said);
    });
  }
  return words;
}

/** A schema's messages (under errorMessage), where written: a `$ref` only names the one copy. */
const schemaMessage = (path: JsonPath) => path.includes('errorMessage') && path.at(-1) !== '$ref';

/** The step schemas' messages and uploads.json's texts, with a language's files by name ('step-data/pan.schema.json'). */
export function runtimeWordSources(
  stepSchemas: readonly { file: string; raw: unknown }[],
  uploads: unknown,
  files: Record<string, unknown>,
): WordSource[] {
  return [
    ...stepSchemas.map(({ file, raw }): WordSource => ({ kind: 'stepSchema', english: raw, translation: files[`step-data/${basename(file)}`], holds: schemaMessage })),
    { kind: 'uploads', english: uploads, translation: files['uploads.json'] },
  ];
}

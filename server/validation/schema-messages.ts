import { basename } from 'node:path';
import { textLeaves, translated } from '../../core/engine/translations';

/**
 * The step schemas' messages in another language. ajv compiles the English schemas once; a failure's messages are
 * their English words, which this maps to the words the language's file holds at the same path (a `$ref` names the
 * one copy of a text, mapped where it is written). The copy check lets a text be written for one field only, so its
 * words name one place; compiling every schema again per language would double ajv's start-up for the same result.
 */
export function schemaMessageWords(schemas: readonly { file: string; raw: unknown }[], files: Record<string, unknown>): ReadonlyMap<string, string> {
  const words = new Map<string, string>();
  for (const { file, raw } of schemas) {
    const translation = files[`step-data/${basename(file)}`];
    if (translation === undefined) continue;
    const english = textLeaves('stepSchema', raw);
    const theirs = textLeaves('stepSchema', translated('stepSchema', raw, translation));
    english.forEach(({ path, text }, index) => {
      const said = theirs[index]?.text;
      if (!path.includes('errorMessage') || path.at(-1) === '$ref' || said === undefined || words.has(text)) return;
      words.set(text, said);
    });
  }
  return words;
}

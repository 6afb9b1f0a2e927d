import { basename } from 'node:path';
import { type TextFileKind, textLeaves, translated } from '../../../core/engine/translations';
import type { LoadedConfig } from '../../config/load-config';
import { uploadsConfig } from '../../documents/uploads/upload-kinds';
import type { StepValidators } from '../../validation/step-validators';

/** A text as the default language words it, and its words in each other language. */
export interface MessageInAllLanguages {
  message: string;
  translations: { language: string; text: string }[];
}

export interface MessageIndex {
  /** The message a shown text is, in the default language: a Hindi error and its English are one message. */
  canonical(shown: string): string;
  /** The other languages' words of a default-language text (none when it has no translation). */
  translations(message: string): { language: string; text: string }[];
}

interface Source {
  kind: Exclude<TextFileKind, 'list'>;
  english: unknown;
  /** Its file in a language's folder: 'messages.json', 'pages/bank.json', 'step-data/pan.schema.json'. */
  file: string;
}

/**
 * Every text the applicant may be shown (messages, pages' copy, the step schemas' messages, uploads' words) by
 * language, built once from config: the funnel counts an error once whichever language showed it.
 */
export function createMessageIndex(config: LoadedConfig, validators: StepValidators): MessageIndex {
  const sources: Source[] = [
    { kind: 'messages', english: config.messages, file: 'messages.json' },
    ...Object.entries(config.pageFiles).map(([label, english]): Source => ({ kind: 'page', english, file: `pages/${basename(label)}` })),
    ...Object.entries(validators).map(([id, validator]): Source => ({ kind: 'stepSchema', english: validator.schema, file: `step-data/${id}.schema.json` })),
    { kind: 'uploads', english: uploadsConfig, file: 'uploads.json' },
  ];
  const toDefault = new Map<string, string>();
  const byMessage = new Map<string, Map<string, string>>();
  const { languages, files } = config.translations;
  for (const { code } of languages.languages) {
    const own = files[code] ?? {};
    for (const { kind, english, file } of sources) {
      if (own[file] === undefined) continue;
      const theirs = textLeaves(kind, translated(kind, english, own[file]));
      textLeaves(kind, english).forEach(({ text }, index) => {
        const said = theirs[index]?.text;
        if (said === undefined || said === text) return;
        if (!toDefault.has(said)) toDefault.set(said, text);
        const words = byMessage.get(text) ?? new Map<string, string>();
        if (!words.has(code)) words.set(code, said);
        byMessage.set(text, words);
      });
    }
  }
  return {
    canonical: (shown) => toDefault.get(shown) ?? shown,
    translations: (message) => [...(byMessage.get(message) ?? new Map<string, string>())].map(([language, text]) => ({ language, text })),
  };
}

import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { type TextFileKind, translated, translationProblems } from '../../core/engine/translations.ts';
import type { SchemaTexts } from '../validation/step-schemas.ts';
import { type LanguagesConfig, languagesProblems } from '../../core/engine/languages.ts';

/** One config file whose texts a language translates, named as its translation is: 'pages/pan.json', 'lists/gender.json'. */
export interface TextFile {
  kind: TextFileKind;
  /** Its path under flow-config/languages/<code>/. */
  name: string;
  /** Where the English file is, as check messages name it. */
  label: string;
  english: unknown;
}

export interface Translations {
  languages: LanguagesConfig;
  /** By language code (the default's is empty: its texts are the files themselves), by TextFile name. */
  files: Record<string, Record<string, unknown>>;
}

function jsonFiles(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.json')).sort() : [];
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Every file that holds texts: flow-config's, its pages, the step schemas' messages and the lists' labels. */
export function textFiles(configDir: string, stepSchemasDir: string): TextFile[] {
  const root = join(configDir, '..');
  const file = (kind: TextFileKind, name: string, path: string): TextFile => ({ kind, name, label: relative(root, path), english: readJson(path) });
  const listsDir = join(stepSchemasDir, '..', 'lists');
  return [
    file('messages', 'messages.json', join(configDir, 'messages.json')),
    file('flow', 'flow.json', join(configDir, 'flow.json')),
    file('privacy', 'privacy.json', join(configDir, 'privacy.json')),
    file('uploads', 'uploads.json', join(configDir, 'uploads.json')),
    file('sms', 'sms.json', join(configDir, 'sms.json')),
    ...jsonFiles(join(configDir, 'pages')).map((name) => file('page', `pages/${name}`, join(configDir, 'pages', name))),
    ...jsonFiles(stepSchemasDir).map((name) => file('stepSchema', `step-data/${name}`, join(stepSchemasDir, name))),
    ...jsonFiles(listsDir).map((name) => file('list', `lists/${name}`, join(listsDir, name))),
  ];
}

/** flow-config/languages.json, or English alone when a config has none. */
export function readLanguages(configDir: string): LanguagesConfig {
  const path = join(configDir, 'languages.json');
  return existsSync(path) ? (readJson(path) as LanguagesConfig) : { default: 'en', languages: [{ code: 'en', name: 'English' }] };
}

/**
 * Reads every declared language's files and checks them: each text of each English file present, nothing else,
 * no file the English side lacks. Problems name the file and the path; a file that does not parse is one problem.
 */
export function loadTranslations(configDir: string, files: TextFile[]): { translations: Translations; problems: string[] } {
  const languages = readLanguages(configDir);
  const problems = languagesProblems(languages).map((problem) => `flow-config/languages.json: ${problem}`);
  const byLanguage: Translations['files'] = {};
  const names = new Set(files.map(({ name }) => name));
  for (const { code } of languages.languages) {
    byLanguage[code] = {};
    if (code === languages.default) continue;
    const dir = join(configDir, 'languages', code);
    const label = (name: string) => relative(join(configDir, '..'), join(dir, name));
    for (const { kind, name, english } of files) {
      const path = join(dir, name);
      if (!existsSync(path)) {
        problems.push(`${label(name)}: missing (the ${code} texts of ${name}; npm run languages -- skeleton ${code} writes it to translate)`);
        continue;
      }
      try {
        const translation = readJson(path);
        byLanguage[code][name] = translation;
        problems.push(...translationProblems(kind, english, translation).map((problem) => `${label(name)}: ${problem}`));
      } catch (error) {
        problems.push(`${label(name)}: ${(error as Error).message}`);
      }
    }
    for (const folder of ['', 'pages', 'step-data', 'lists']) {
      for (const name of jsonFiles(join(dir, folder))) {
        const full = folder ? `${folder}/${name}` : name;
        if (!names.has(full)) problems.push(`${label(full)}: translates no file (there is no ${full} to translate)`);
      }
    }
  }
  return { translations: { languages, files: byLanguage }, problems };
}

/**
 * How step schemas and lists read in `code` (loadStepSchemas' `texts`), from that language's files on disk;
 * undefined for the default language, whose texts are the files themselves.
 */
export function schemaTextsFor(configDir: string, code: string): SchemaTexts | undefined {
  if (code === readLanguages(configDir).default) return undefined;
  return (kind, file, content) => {
    const name = `${kind === 'list' ? 'lists' : 'step-data'}/${basename(file)}`;
    const path = join(configDir, 'languages', code, name);
    return existsSync(path) ? translated(kind, content, readJson(path)) : content;
  };
}

import { configDir, stepSchemasDir } from '../../../server/config/config-dirs';
import { loadTranslations, readLanguages, textFiles } from '../../../server/config/languages';
import { textAt, textLeaves } from '../../../core/engine/translations';

/**
 * The golden journey in any declared language: the steps name what they click and wait for by its English text,
 * and `say` gives the words the applicant sees instead, read from the config (the English file's text and the
 * language's file at the same path), so a Hindi text is written once, in flow-config/languages/hi/.
 */

/** A text to find on the page: the words themselves, or a pattern when a placeholder or several renderings leave them open. */
export type Said = string | RegExp;
export type Say = (english: string, values?: Record<string, Said>) => Said;

const placeholder = /\{(\w+)\}/g;
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every English text of the config, with each of its renderings in `language` (one per place it is written). */
function renderings(language: string): Map<string, Set<string>> {
  const files = textFiles(configDir, stepSchemasDir);
  const { translations, problems } = loadTranslations(configDir, files);
  if (problems.length) throw new Error(`the config's languages have problems (npm run check:config):\n${problems.join('\n')}`);
  const translationsOf = translations.files[language];
  if (!translationsOf) throw new Error(`'${language}' is not declared in flow-config/languages.json`);
  const isDefault = language === translations.languages.default;
  const words = new Map<string, Set<string>>();
  for (const { kind, name, english } of files) {
    for (const { path, text } of textLeaves(kind, english)) {
      const theirs = isDefault ? text : textAt(translationsOf[name], path);
      if (typeof theirs !== 'string') continue;
      words.set(text, (words.get(text) ?? new Set()).add(theirs));
    }
  }
  return words;
}

/** As part of a pattern: a pattern grouped, so its alternatives stay its own. */
const source = (said: Said) => (typeof said === 'string' ? escaped(said) : `(?:${said.source})`);

/** A rendering with its placeholders filled from `values`; one left open, or filled by a pattern, makes it a pattern. */
function filled(text: string, values: Record<string, Said>): Said {
  const parts = text.split(placeholder);
  const names = parts.filter((_, index) => index % 2 === 1);
  if (names.every((name) => typeof values[name] === 'string')) return text.replace(placeholder, (_, name: string) => values[name] as string);
  return new RegExp(parts.map((part, index) => (index % 2 ? (values[part] === undefined ? '.+?' : source(values[part])) : escaped(part))).join(''));
}

/**
 * `say(english)`: what the applicant reads in `language` where the config's English reads `english` (a whole
 * text of a config file, placeholders as written: 'Upload these first: {names}'). Fails loudly for a text the
 * config does not hold, so a step never waits for words the app cannot show.
 */
export function sayIn(language: string): Say {
  const words = renderings(language);
  return (english, values = {}) => {
    const found = words.get(english);
    if (!found) throw new Error(`say: "${english}" is no text of the config (flow-config, pages, step schemas, lists)`);
    const said = [...found].map((text) => filled(text, values));
    if (said.length === 1) return said[0]!;
    return new RegExp(said.map(source).join('|'));
  };
}

/** The words as a pattern matching them alone (for a value read from the page). */
export function whole(said: Said): RegExp {
  return new RegExp(`^(?:${source(said)})$`);
}

/** For `exact: true`, which Playwright ignores for a pattern: the pattern anchored at both ends. */
export function exactly(said: Said): Said {
  return typeof said === 'string' ? said : whole(said);
}

/** Texts shown one after another (a list the app joins with ', ', a title and its items): a pattern if any is one. */
export function joined(parts: readonly Said[], separator = ', '): Said {
  if (parts.every((part) => typeof part === 'string')) return parts.join(separator);
  return new RegExp(parts.map(source).join(escaped(separator)));
}

/** Words given where a pattern cannot be (selectOption's label): fails when a text has several renderings. */
export function single(said: Said): string {
  if (typeof said !== 'string') throw new Error(`one text was expected, several renderings match: ${said}`);
  return said;
}

/** The names of the languages other than `language`, each in itself, as the footer's switch offers them. */
export function otherLanguageNames(language: string): string[] {
  return readLanguages(configDir).languages.filter(({ code }) => code !== language).map(({ name }) => name);
}

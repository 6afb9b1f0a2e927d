/** Pure: the languages flow-config/languages.json declares, and how a request or a visit picks one. */

export interface Language {
  /** BCP 47 code: 'en', 'hi'; the folder flow-config/languages/<code>/ holds its texts. */
  code: string;
  /** The language's name in itself, as the switch offers it: 'English', 'हिन्दी'. */
  name: string;
}

/** Where the browser keeps the applicant's choice (src/config/language.ts; the prerendered page's boot reads it too). */
export const languageStorageKey = 'onboard.language';

export interface LanguagesConfig {
  /** The language the config files themselves are written in. */
  default: string;
  languages: Language[];
}

export function languagesProblems(config: LanguagesConfig): string[] {
  const problems: string[] = [];
  const codes = config.languages.map(({ code }) => code);
  if (!codes.includes(config.default)) problems.push(`default '${config.default}' is not one of the languages (${codes.join(', ')})`);
  // The code's form is the meta-schema's to check (schemas/languages.schema.json).
  codes.forEach((code, index) => {
    if (codes.indexOf(code) !== index) problems.push(`languages[${index}].code '${code}' is declared twice`);
  });
  return problems;
}

/** The declared language a code names, 'hi-IN' and 'HI' included; undefined when none. */
export function declaredLanguage(config: LanguagesConfig, wanted: string | null | undefined): string | undefined {
  const base = wanted?.trim().toLowerCase().split(/[-_]/)[0];
  return config.languages.find(({ code }) => code === base)?.code;
}

/** The first declared language of an Accept-Language header, by its q-values; undefined when it names none. */
export function acceptedLanguage(config: LanguagesConfig, header: string | undefined): string | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const code = declaredLanguage(config, tag);
    if (code) return code;
  }
  return undefined;
}

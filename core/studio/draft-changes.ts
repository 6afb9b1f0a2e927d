import type { StudioText } from './texts';

/**
 * Pure: what a draft changes, text by text, against the release it started from, and the translations it leaves
 * behind: a text missing in a language, or stale (its English reworded and that language's words left as they were).
 */

export interface TextChange {
  id: string;
  where: string;
  evidence: boolean;
  language: string;
  before: string | null;
  after: string | null;
}

export interface TranslationIssue {
  id: string;
  where: string;
  evidence: boolean;
  language: string;
  problem: 'missing' | 'stale';
}

export function textChanges(base: readonly StudioText[], draft: readonly StudioText[]): TextChange[] {
  const before = new Map(base.map((text) => [text.id, text]));
  return draft.flatMap((text) =>
    Object.entries(text.words)
      .filter(([language, words]) => (before.get(text.id)?.words[language] ?? null) !== words)
      .map(([language, words]) => ({ id: text.id, where: text.where, evidence: text.evidence, language, before: before.get(text.id)?.words[language] ?? null, after: words })),
  );
}

export function translationIssues(base: readonly StudioText[], draft: readonly StudioText[], defaultLanguage: string): TranslationIssue[] {
  const before = new Map(base.map((text) => [text.id, text]));
  return draft.flatMap((text) => {
    const was = before.get(text.id);
    const reworded = was !== undefined && was.words[defaultLanguage] !== text.words[defaultLanguage];
    return Object.entries(text.words)
      .filter(([language]) => language !== defaultLanguage)
      .flatMap(([language, words]): TranslationIssue[] => {
        const problem = words === null ? 'missing' : reworded && was.words[language] === words ? 'stale' : undefined;
        return problem ? [{ id: text.id, where: text.where, evidence: text.evidence, language, problem }] : [];
      });
  });
}

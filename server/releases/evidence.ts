import { createHash } from 'node:crypto';
import { declarationWords, wordsAsShown } from '../../core/engine/declaration-words';
import { findStep } from '../../core/engine/flow';
import type { UserRow } from '../db/schema';
import type { StepAnswers } from '../platform/repositories/step-store';
import type { LanguageTexts } from '../platform/texts';
import type { DeclarationOnRecord } from '../../core/api/types';
import { type DeclarationEvidence, declaredTimes, evidenceOf } from '../steps/declared-at';
import { skipDeclarationField } from '../steps/skip-declaration';
import type { ReleaseLibrary } from './release-texts';

export const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/**
 * The words a declaration of `stepId` was made to, in `texts` (a release's, in one language): a Skip's declaration
 * as stored (its title and text, word for word), else what the step's pages show for the field.
 */
export function wordsOfDeclaration(texts: LanguageTexts, stepId: string, field: string, answers: StepAnswers): string[] {
  const stored = answers[field];
  if (field === skipDeclarationField && stored && typeof stored === 'object') {
    const { title, text } = stored as { title?: unknown; text?: unknown };
    return [title, text].filter((word): word is string => typeof word === 'string');
  }
  return declarationWords(texts.pages, findStep(texts.flow, stepId)?.routes ?? [], field);
}

/** What each of `fields` is being declared to now: the applicant's release, their language, the hash of the words shown. */
export async function declarationEvidence(
  releases: ReleaseLibrary,
  user: Pick<UserRow, 'config_release' | 'language'>,
  stepId: string,
  fields: readonly string[],
  answers: StepAnswers,
): Promise<Record<string, DeclarationEvidence>> {
  if (fields.length === 0) return {};
  const texts = (await releases.texts(user.config_release)).in(user.language);
  return Object.fromEntries(
    fields.map((field) => [field, { release: user.config_release, language: texts.code, textSha256: sha256Hex(wordsAsShown(wordsOfDeclaration(texts, stepId, field, answers))) }]),
  );
}

/**
 * Every declaration in an application's stored answers that carries what it was made to, in flow order then field
 * order, with the words read back from its release and language and checked against the stored hash.
 */
export async function declarationsOnRecord(releases: ReleaseLibrary, steps: Readonly<Record<string, StepAnswers>>, stepOrder: readonly string[]): Promise<DeclarationOnRecord[]> {
  const rank = (step: string) => (stepOrder.includes(step) ? stepOrder.indexOf(step) : stepOrder.length);
  const ordered = Object.keys(steps).sort((a, b) => rank(a) - rank(b));
  const records: DeclarationOnRecord[] = [];
  for (const step of ordered) {
    const answers = steps[step] ?? {};
    const times = declaredTimes(answers);
    for (const [field, evidence] of Object.entries(evidenceOf(answers))) {
      const texts = await releases.texts(evidence.release);
      const words = wordsOfDeclaration(texts.in(evidence.language), step, field, answers);
      const languageName = texts.languages.languages.find(({ code }) => code === evidence.language)?.name ?? evidence.language;
      records.push({ step, field, declaredAt: times[field] ?? null, ...evidence, languageName, words, wordsMatch: sha256Hex(wordsAsShown(words)) === evidence.textSha256 });
    }
  }
  return records;
}

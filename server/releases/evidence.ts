import { createHash } from 'node:crypto';
import { declarationWords, wordsAsShown } from '../../core/engine/declaration-words';
import { findStep } from '../../core/engine/flow';
import { findPurpose, type PrivacyConfig } from '../../core/engine/privacy';
import type { UserRow } from '../db/schema';
import type { StepAnswers } from '../platform/repositories/step-store';
import type { LanguageTexts, Texts } from '../platform/texts';
import type { DeclarationEvidence } from '../steps/declared-at';
import { skipDeclarationField } from '../steps/skip-declaration';

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

/**
 * What each of `fields` is being declared to now: the applicant's release, their language, and the hash of the words
 * the browser shows (`served`: the running config's texts, AppContext.browserTexts), which are what the applicant read.
 * The browser renders the running config whatever the applicant's release, so when that is not the applicant's release,
 * the words read back from the release will not match the hash, and the record says so.
 */
export function declarationEvidence(
  served: Texts,
  user: Pick<UserRow, 'config_release' | 'language'>,
  stepId: string,
  fields: readonly string[],
  answers: StepAnswers,
): Record<string, DeclarationEvidence> {
  if (fields.length === 0) return {};
  const texts = served.in(user.language);
  return Object.fromEntries(
    fields.map((field) => [field, { release: user.config_release, language: texts.code, textSha256: sha256Hex(wordsAsShown(wordsOfDeclaration(texts, stepId, field, answers))) }]),
  );
}

/** The words a Privacy Notice purpose is consented to as shown: its title, the data it uses, why, and why it is required. */
export function purposeWords(privacy: PrivacyConfig, purposeId: string): string[] {
  const purpose = findPurpose(privacy, purposeId);
  return purpose ? [purpose.title, purpose.data, purpose.text, ...(purpose.whyRequired ? [purpose.whyRequired] : [])] : [];
}

/** A consent's evidence as its row keeps it: the applicant's release, their language, the hash of the purpose's words shown. */
export function consentEvidence(served: Texts, user: Pick<UserRow, 'config_release' | 'language'>, purposeId: string): DeclarationEvidence {
  const texts = served.in(user.language);
  return { release: user.config_release, language: texts.code, textSha256: sha256Hex(wordsAsShown(purposeWords(texts.privacy, purposeId))) };
}

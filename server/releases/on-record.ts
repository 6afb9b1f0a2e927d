import type { Kysely } from 'kysely';
import type { DeclarationOnRecord } from '../../core/api/types';
import { wordsAsShown } from '../../core/engine/declaration-words';
import { evidenceTexts } from '../../core/engine/evidence-texts';
import type { PrivacyConfig } from '../../core/engine/privacy';
import type { Database } from '../db/schema';
import type { StepAnswers } from '../platform/repositories/step-store';
import type { Texts } from '../platform/texts';
import { type DeclarationEvidence, declaredTimes, evidenceOf } from '../steps/declared-at';
import { purposeWords, sha256Hex, wordsOfDeclaration } from './evidence';
import type { ReleaseLibrary } from './release-texts';
import { acknowledgementsOnRecord, consentsOnRecord } from './repository';

type Kind = DeclarationOnRecord['kind'];
const iso = (ms: number) => new Date(Number(ms)).toISOString();

/** One entry, its words read from the release and language it names and checked against the stored hash. */
async function entry(
  releases: ReleaseLibrary,
  record: { kind: Kind; step: string | null; field: string; declaredAt: string | null } & DeclarationEvidence,
  wordsIn: (texts: Texts) => string[],
): Promise<DeclarationOnRecord> {
  const texts = await releases.texts(record.release);
  const words = wordsIn(texts);
  const languageName = texts.languages.languages.find(({ code }) => code === record.language)?.name ?? record.language;
  return { ...record, languageName, words, wordsMatch: sha256Hex(wordsAsShown(words)) === record.textSha256 };
}

/**
 * Everything an applicant declared, acknowledged or consented to that carries what it was given to (issue 29), in the
 * words they were shown: the declarations of each step (flow order, then field order), then the acknowledged evidence
 * texts, then the consents, each oldest first. The back office's application and the data export list these.
 */
export async function evidenceOnRecord(
  ctx: { db: Kysely<Database>; releases: ReleaseLibrary; privacy: PrivacyConfig },
  userId: string,
  steps: Readonly<Record<string, StepAnswers>>,
  stepOrder: readonly string[],
): Promise<DeclarationOnRecord[]> {
  const rank = (step: string) => (stepOrder.includes(step) ? stepOrder.indexOf(step) : stepOrder.length);
  const records: DeclarationOnRecord[] = [];
  for (const step of Object.keys(steps).sort((a, b) => rank(a) - rank(b))) {
    const answers = steps[step] ?? {};
    const times = declaredTimes(answers);
    for (const [field, evidence] of Object.entries(evidenceOf(answers))) {
      const record = { kind: 'declaration' as const, step, field, declaredAt: times[field] ?? null, ...evidence };
      records.push(await entry(ctx.releases, record, (texts) => wordsOfDeclaration(texts.in(evidence.language), step, field, answers)));
    }
  }
  for (const row of await acknowledgementsOnRecord(ctx.db, userId)) {
    const record = { kind: 'acknowledgement' as const, step: null, field: row.evidence_key, declaredAt: iso(row.acknowledged_at), release: row.config_release, language: row.language, textSha256: row.text_sha256 };
    records.push(
      await entry(ctx.releases, record, (texts) => {
        const evidence = evidenceTexts(texts.in(row.language).pages).get(row.evidence_key);
        return evidence && evidence.version === row.version ? evidence.words : [];
      }),
    );
  }
  // Consents given together (at sign-in) in the notice's order of purposes, as the data export lists them.
  const order = (purpose: string) => ctx.privacy.purposes.findIndex(({ id }) => id === purpose);
  const consents = (await consentsOnRecord(ctx.db, userId)).sort((a, b) => a.given_at - b.given_at || order(a.purpose) - order(b.purpose));
  for (const row of consents) {
    const record = { kind: 'consent' as const, step: null, field: row.purpose, declaredAt: iso(row.given_at), release: row.config_release, language: row.language, textSha256: row.text_sha256 };
    records.push(await entry(ctx.releases, record, (texts) => purposeWords(texts.in(row.language).privacy, row.purpose)));
  }
  return records;
}

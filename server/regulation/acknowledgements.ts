import { createHash } from 'node:crypto';
import { type AcknowledgementState, acknowledgeableTexts, acknowledgementsBefore, type EvidenceText, evidenceTexts, kitLinksOf } from '../../core/engine/evidence-texts';

export type { AcknowledgementState };
import { findStep } from '../../core/engine/flow';
import type { AcknowledgementRow, UserRow } from '../db/schema';
import type { AppContext } from '../context';
import { ApiError } from '../errors';
import type { LanguageTexts } from '../platform/texts';
import { acknowledgementReleases, acknowledgementsOf, insertAcknowledgement } from './repository';

/** 'voluntaryFreeze' → 'voluntary_freeze': how the kit's template fields are named. */
const fieldOf = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** SHA-256 (hex) of an evidence text's exact words, one per line, as shown. */
export function evidenceSha256(evidence: EvidenceText): string {
  return createHash('sha256').update(evidence.words.join('\n'), 'utf8').digest('hex');
}

/** Each language's pages live as long as the process: their evidence texts are worked out once. */
const acknowledgeableByPages = new WeakMap<LanguageTexts['pages'], ReturnType<typeof acknowledgeableTexts>>();
function acknowledgeableOf(pages: LanguageTexts['pages']): ReturnType<typeof acknowledgeableTexts> {
  let found = acknowledgeableByPages.get(pages);
  if (!found) acknowledgeableByPages.set(pages, (found = acknowledgeableTexts(pages)));
  return found;
}

function stateOf(evidence: EvidenceText, rows: readonly AcknowledgementRow[]): AcknowledgementState {
  const row = rows.find((item) => item.evidence_key === evidence.key && item.version === evidence.version);
  return { key: evidence.key, version: evidence.version, acknowledgedAt: row ? new Date(row.acknowledged_at).toISOString() : null, textSha256: row?.text_sha256 ?? null };
}

/** Every evidence text a page asks to be acknowledged, with whether the applicant acknowledged its current version. */
export async function acknowledgementStates(ctx: AppContext, user: UserRow, texts: LanguageTexts): Promise<AcknowledgementState[]> {
  const rows = await acknowledgementsOf(ctx.db, user.id);
  return [...acknowledgeableOf(texts.pages).values()].map((evidence) => stateOf(evidence, rows));
}

/**
 * The applicant acknowledges the evidence text `key` in `version` as shown in `texts`' language: stored with the time,
 * the language and the hash of its words. A version that is no longer the config's is refused (409): the applicant
 * reads the current wording first.
 */
export async function acknowledge(ctx: AppContext, user: UserRow, key: string, version: string, texts: LanguageTexts): Promise<AcknowledgementState> {
  const evidence = acknowledgeableOf(texts.pages).get(key);
  if (!evidence) throw new ApiError(404, 'regulation.unknownEvidence');
  if (evidence.version !== version) throw new ApiError(409, 'regulation.evidenceChanged');
  await insertAcknowledgement(ctx.db, {
    userId: user.id,
    key,
    version,
    language: texts.code,
    textSha256: evidenceSha256(evidence),
    statement: evidence.statement,
    now: ctx.clock(),
    release: user.config_release,
  });
  return stateOf(evidence, await acknowledgementsOf(ctx.db, user.id));
}

/** Refuses (409, naming them) while the applicant has not acknowledged what the step's pages ask first (the MITC before eSign). */
export async function requireAcknowledged(ctx: AppContext, user: UserRow, stepId: string, texts: LanguageTexts): Promise<void> {
  const needed = acknowledgementsBefore(texts.pages, findStep(ctx.flow, stepId)?.routes ?? []);
  if (needed.length === 0) return;
  const rows = await acknowledgementsOf(ctx.db, user.id);
  const missing = needed.filter((evidence) => stateOf(evidence, rows).acknowledgedAt === null);
  const titles = missing.map((evidence) => texts.pages[evidence.route]?.copy.title ?? evidence.key);
  if (missing.length > 0) throw new ApiError(409, 'regulation.acknowledgeFirst', { texts: new Intl.ListFormat(texts.code, { type: 'conjunction' }).format(titles) });
}

/**
 * The kit's record of each acknowledgement (printed on the account opening form), in the words and language the
 * applicant acknowledged: `mitc` (the text), `mitc_version`, `mitc_acknowledgement`, `mitc_acknowledged_at`...
 */
export async function acknowledgementValues(ctx: AppContext, user: UserRow): Promise<Record<string, string>> {
  const values: Record<string, string> = {};
  const rows = await acknowledgementsOf(ctx.db, user.id);
  const releases = await acknowledgementReleases(ctx.db, rows.map((row) => row.id));
  for (const row of rows) {
    // In the words of the release it was acknowledged under: a later rewording of the text does not reach the kit.
    const texts = await ctx.releases.texts(releases.get(row.id) ?? null);
    const evidence = evidenceTexts(texts.in(row.language).pages).get(row.evidence_key);
    if (!evidence || evidence.version !== row.version) continue;
    const field = fieldOf(row.evidence_key);
    Object.assign(values, {
      [field]: evidence.words.join(' '),
      [`${field}_version`]: row.version,
      [`${field}_acknowledgement`]: row.statement,
      [`${field}_acknowledged_at`]: new Date(row.acknowledged_at).toISOString(),
      [`${field}_language`]: row.language,
      [`${field}_sha256`]: row.text_sha256,
    });
  }
  return values;
}


/**
 * The regulatory texts the kit links to (the eSign page's `kitLinks`: the voluntary freeze policy), in `texts`'
 * language: `voluntary_freeze` (its title), `voluntary_freeze_version`, `voluntary_freeze_link` (where the broker
 * publishes it: messages.json links).
 */
export function kitLinkValues(ctx: AppContext, stepId: string, texts: LanguageTexts): Record<string, string> {
  const values: Record<string, string> = {};
  for (const { evidence, published } of kitLinksOf(texts.pages, findStep(ctx.flow, stepId)?.routes ?? [])) {
    const field = fieldOf(evidence.key);
    values[field] = evidence.words[0] ?? evidence.key;
    values[`${field}_version`] = evidence.version;
    const link = published ? texts.messages.links[published] : undefined;
    if (link) values[`${field}_link`] = link;
  }
  return values;
}

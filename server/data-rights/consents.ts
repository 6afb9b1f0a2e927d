import type { ConsentEntry } from '../../core/api/types';
import { findPurpose, type PrivacyConfig, type PrivacyPurpose } from '../../core/engine/privacy';
import type { AppContext } from '../context';
import { appendAudit } from '../platform/repositories/audit-trail';
import { insertConsent, listConsents, withdrawConsent } from './repositories/consents';
import { consentEvidence } from '../releases/evidence';
import type { ConsentRow, UserRow } from '../db/schema';
import { ApiError } from '../errors';

/** Consents to the purposes of flow-config/privacy.json (DPDP Act 2023): given, withdrawn, listed; each request audited. */

export const applicantActor = 'applicant';

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The consent to `purpose` as it stands: the live one under the newest notice (versions are dates), else the latest row. */
function latest(rows: readonly ConsentRow[], purpose: string): ConsentRow | undefined {
  const mine = rows.filter((row) => row.purpose === purpose);
  const live = mine.filter((row) => row.withdrawn_at === null).sort((a, b) => a.version.localeCompare(b.version) || Number(a.given_at) - Number(b.given_at));
  return live.at(-1) ?? mine.at(-1);
}

function entry(purpose: PrivacyPurpose, row: ConsentRow | undefined): ConsentEntry {
  return { purpose: purpose.id, required: purpose.required, version: row?.version ?? null, givenAt: iso(row?.given_at ?? null), withdrawnAt: iso(row?.withdrawn_at ?? null) };
}

/** One entry per purpose of the notice, in its order: the consent as it stands. */
export async function consentsOf(ctx: AppContext, userId: string): Promise<ConsentEntry[]> {
  const rows = await listConsents(ctx.db, userId);
  return ctx.privacy.purposes.map((purpose) => entry(purpose, latest(rows, purpose.id)));
}

/** Whether the applicant has yet to accept the current notice (a required purpose without a live consent to this version). */
export async function mustAcceptNotice(ctx: AppContext, userId: string): Promise<boolean> {
  const rows = await listConsents(ctx.db, userId);
  const version = ctx.privacy.notice.version;
  return ctx.privacy.purposes.some((purpose) => purpose.required && !rows.some((row) => row.purpose === purpose.id && row.version === version && row.withdrawn_at === null));
}

/** 400 unless the notice the applicant accepted (`version`) is the current one, when they must accept it now. */
export async function checkNoticeAccepted(ctx: AppContext, userId: string, version: string | undefined): Promise<boolean> {
  if (!(await mustAcceptNotice(ctx, userId))) return false;
  if (version === undefined) throw new ApiError(400, 'privacy.acceptNotice');
  if (version !== ctx.privacy.notice.version) throw new ApiError(400, 'privacy.noticeChanged');
  return true;
}

/** First sign-in (or a new notice): consent to every required purpose under the current version (the consents are its record). */
export async function acceptNotice(ctx: AppContext, user: UserRow): Promise<void> {
  const rows = await listConsents(ctx.db, user.id);
  const version = ctx.privacy.notice.version;
  const now = ctx.clock();
  await ctx.db.transaction().execute(async (trx) => {
    for (const purpose of ctx.privacy.purposes.filter((item) => item.required)) {
      const live = rows.some((row) => row.purpose === purpose.id && row.version === version && row.withdrawn_at === null);
      if (!live) await insertConsent(trx, { userId: user.id, purpose: purpose.id, version, now, evidence: consentEvidence(ctx.browserTexts, user, purpose.id) });
    }
  });
}

function purposeOf(ctx: AppContext, id: string): PrivacyPurpose {
  const purpose = findPurpose(ctx.privacy, id);
  if (!purpose) throw new ApiError(404, 'privacy.unknownPurpose');
  return purpose;
}

/** Gives consent to a purpose under the current notice; giving it again changes nothing. */
export async function giveConsent(ctx: AppContext, user: UserRow, id: string): Promise<ConsentEntry> {
  const purpose = purposeOf(ctx, id);
  const version = ctx.privacy.notice.version;
  const now = ctx.clock();
  const rows = await listConsents(ctx.db, user.id);
  const live = rows.some((row) => row.purpose === id && row.version === version && row.withdrawn_at === null);
  await ctx.db.transaction().execute(async (trx) => {
    if (!live) {
      // A live consent to an older notice gives way to this one.
      await withdrawConsent(trx, user.id, id, now);
      await insertConsent(trx, { userId: user.id, purpose: id, version, now, evidence: consentEvidence(ctx.browserTexts, user, id) });
    }
    await appendAudit(trx, { userId: user.id, at: now, actor: applicantActor, action: 'consent_given', note: `${id} (Privacy Notice ${version})` });
  });
  return entry(purpose, latest(await listConsents(ctx.db, user.id), id));
}

/** Withdraws an optional purpose (a required one is refused with why, in `words`: the notice in the request's language); withdrawing again changes nothing. */
export async function withdrawConsentTo(ctx: AppContext, user: UserRow, id: string, words: PrivacyConfig): Promise<ConsentEntry> {
  const purpose = purposeOf(ctx, id);
  const now = ctx.clock();
  if (purpose.required) {
    await appendAudit(ctx.db, { userId: user.id, at: now, actor: applicantActor, action: 'consent_withdrawal_refused', note: id });
    const why = findPurpose(words, id)?.whyRequired ?? purpose.whyRequired;
    throw why ? new ApiError(409, 'privacy.requiredPurpose', { why }) : new ApiError(409, 'privacy.unknownPurpose');
  }
  await ctx.db.transaction().execute(async (trx) => {
    await withdrawConsent(trx, user.id, id, now);
    await appendAudit(trx, { userId: user.id, at: now, actor: applicantActor, action: 'consent_withdrawn', note: id });
  });
  return entry(purpose, latest(await listConsents(ctx.db, user.id), id));
}

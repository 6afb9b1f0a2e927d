import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, IncomeProofRow, IncomeProofsTable } from '../db/schema';

export interface NewIncomeProof {
  userId: string;
  kind: IncomeProofsTable['kind'];
  status: IncomeProofsTable['status'];
  consentId?: string | null;
  result?: unknown;
  /** An aggregator consent's period of data. */
  dataRange?: unknown;
  now: number;
}

export async function insertIncomeProof(db: Kysely<Database>, proof: NewIncomeProof): Promise<void> {
  await db
    .insertInto('income_proofs')
    .values({
      id: randomUUID(),
      user_id: proof.userId,
      kind: proof.kind,
      consent_id: proof.consentId ?? null,
      status: proof.status,
      result: proof.result === undefined ? null : JSON.stringify(proof.result),
      data_range: proof.dataRange === undefined ? null : JSON.stringify(proof.dataRange),
      created_at: proof.now,
      updated_at: proof.now,
    })
    .execute();
}

/** The applicant's verified proofs, newest first. */
const newestVerified = (db: Kysely<Database>, userId: string) =>
  db.selectFrom('income_proofs').selectAll().where('user_id', '=', userId).where('status', '=', 'verified').orderBy('updated_at', 'desc').orderBy('id', 'desc');

/** The applicant's newest settled (verified) proof: what a repeated submit is compared with. */
export async function latestVerifiedProof(db: Kysely<Database>, userId: string): Promise<IncomeProofRow | undefined> {
  return newestVerified(db, userId).limit(1).executeTakeFirst();
}

export async function findByConsentId(db: Kysely<Database>, consentId: string): Promise<IncomeProofRow | undefined> {
  return db.selectFrom('income_proofs').selectAll().where('consent_id', '=', consentId).executeTakeFirst();
}

/**
 * Records the data session now reading a pending consent's data, if the one read before (`previous`) is still the
 * current one: false when another request got there first (then its session is the one to read).
 */
export async function attachDataSession(db: Kysely<Database>, consentId: string, previous: string | null, sessionId: string, now: number): Promise<boolean> {
  const update = await db
    .updateTable('income_proofs')
    .set((eb) => ({ data_session_id: sessionId, data_sessions: eb('data_sessions', '+', 1), updated_at: now }))
    .where('consent_id', '=', consentId)
    .where('status', '=', 'pending')
    .where((eb) => (previous === null ? eb('data_session_id', 'is', null) : eb('data_session_id', '=', previous)))
    .executeTakeFirst();
  return Number(update.numUpdatedRows) === 1;
}

/** Settles a pending consent, with the income summary when the data arrived; false when it was settled already. */
export async function settleConsent(
  db: Kysely<Database>,
  consentId: string,
  outcome: { status: 'verified' | 'failed'; result: unknown; summary?: unknown },
  now: number,
): Promise<boolean> {
  const update = await db
    .updateTable('income_proofs')
    .set({
      status: outcome.status,
      result: JSON.stringify(outcome.result),
      ...(outcome.summary === undefined ? {} : { income_summary: JSON.stringify(outcome.summary) }),
      updated_at: now,
    })
    .where('consent_id', '=', consentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(update.numUpdatedRows) === 1;
}

/** The applicant's newest income summary from the account aggregator, for the reviewer. */
export async function latestIncomeSummary(db: Kysely<Database>, userId: string): Promise<IncomeProofRow | undefined> {
  return newestVerified(db, userId).where('income_summary', 'is not', null).limit(1).executeTakeFirst();
}

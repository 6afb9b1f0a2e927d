import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, IncomeProofRow, IncomeProofsTable } from '../db/schema';

export interface NewIncomeProof {
  userId: string;
  kind: IncomeProofsTable['kind'];
  status: IncomeProofsTable['status'];
  consentId?: string | null;
  result?: unknown;
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
      created_at: proof.now,
      updated_at: proof.now,
    })
    .execute();
}

/** The applicant's newest settled (verified) proof: what a repeated submit is compared with. */
export async function latestVerifiedProof(db: Kysely<Database>, userId: string): Promise<IncomeProofRow | undefined> {
  return db
    .selectFrom('income_proofs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', '=', 'verified')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function findByConsentId(db: Kysely<Database>, consentId: string): Promise<IncomeProofRow | undefined> {
  return db.selectFrom('income_proofs').selectAll().where('consent_id', '=', consentId).executeTakeFirst();
}

/** Settles a pending consent; false when it was settled already (a second poll, or a race). */
export async function settleConsent(db: Kysely<Database>, consentId: string, status: 'verified' | 'failed', result: unknown, now: number): Promise<boolean> {
  const update = await db
    .updateTable('income_proofs')
    .set({ status, result: JSON.stringify(result), updated_at: now })
    .where('consent_id', '=', consentId)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(update.numUpdatedRows) === 1;
}

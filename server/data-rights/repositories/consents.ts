import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { ConsentRow, Database } from '../../db/schema';
import type { DeclarationEvidence as ConsentEvidence } from '../../steps/declared-at';

type Db = Kysely<Database> | Transaction<Database>;

/** One applicant's consents, oldest first: the history of every purpose. */
export async function listConsents(db: Db, userId: string): Promise<ConsentRow[]> {
  return db.selectFrom('consents').selectAll().where('user_id', '=', userId).orderBy('given_at', 'asc').orderBy('id', 'asc').execute();
}

/** A consent given now, with what it was given to (the applicant's config release, language, hash of the words shown). */
export async function insertConsent(db: Db, consent: { userId: string; purpose: string; version: string; now: number; evidence: ConsentEvidence }): Promise<void> {
  const { release, language, textSha256 } = consent.evidence;
  await db
    .insertInto('consents')
    .values({
      id: randomUUID(),
      user_id: consent.userId,
      purpose: consent.purpose,
      version: consent.version,
      given_at: consent.now,
      withdrawn_at: null,
      config_release: release,
      language,
      text_sha256: textSha256,
    })
    .execute();
}

/** Withdraws the live consent to `purpose`; false when there was none. */
export async function withdrawConsent(db: Db, userId: string, purpose: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('consents')
    .set({ withdrawn_at: now })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

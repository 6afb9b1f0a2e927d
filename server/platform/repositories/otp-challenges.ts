import { type Kysely, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database, OtpChallengeRow } from '../../db/schema';

export type NewChallenge = Omit<OtpChallengeRow, 'attempts' | 'consumed_at' | 'dead'>;

// Every sign-in and email check runs these: compiled once (db/compiled-once.ts).
const challengeInsert = compiledOnce(
  (
    db,
    id: string,
    channel: NewChallenge['channel'],
    destination: string,
    purpose: string,
    userId: string | null,
    verifyTokenHash: string | null,
    codeHash: string,
    expiresAt: number,
    lastSentAt: number,
    createdAt: number,
  ) =>
    db.insertInto('otp_challenges').values({
      id,
      channel,
      destination,
      purpose,
      user_id: userId,
      verify_token_hash: verifyTokenHash,
      code_hash: codeHash,
      expires_at: expiresAt,
      last_sent_at: lastSentAt,
      created_at: createdAt,
      attempts: 0,
      consumed_at: null,
      dead: 0,
    }),
);
const challengeByVerifyToken = compiledOnce((db, tokenHash: string) => db.selectFrom('otp_challenges').selectAll().where('verify_token_hash', '=', tokenHash));
const challengeConsume = compiledOnce((db, id: string, now: number) =>
  db.updateTable('otp_challenges').set({ consumed_at: now }).where('id', '=', id).where('consumed_at', 'is', null).where('dead', '=', 0),
);

export async function insertChallenge(db: Kysely<Database>, challenge: NewChallenge): Promise<void> {
  const c = challenge;
  await challengeInsert(db, c.id, c.channel, c.destination, c.purpose, c.user_id, c.verify_token_hash, c.code_hash, c.expires_at, c.last_sent_at, c.created_at);
}

export async function findChallengeByVerifyToken(db: Kysely<Database>, tokenHash: string): Promise<OtpChallengeRow | undefined> {
  return (await challengeByVerifyToken(db, tokenHash)).rows[0];
}

/** The applicant's most recent challenge for this destination and purpose (email verification). */
export async function findLatestChallenge(
  db: Kysely<Database>,
  where: { userId: string; channel: 'sms' | 'email'; destination: string; purpose: string },
): Promise<OtpChallengeRow | undefined> {
  return db
    .selectFrom('otp_challenges')
    .selectAll()
    .where('user_id', '=', where.userId)
    .where('channel', '=', where.channel)
    .where('destination', '=', where.destination)
    .where('purpose', '=', where.purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Counts a wrong code atomically and kills the challenge at `maxAttempts`. Returns the new count. */
export async function recordWrongAttempt(db: Kysely<Database>, id: string, maxAttempts: number): Promise<number> {
  // One statement: SET reads the old row on both SQLite and PostgreSQL, so racing guesses cannot skip the cap.
  await db
    .updateTable('otp_challenges')
    .set({
      attempts: sql<number>`attempts + 1`,
      dead: sql<number>`case when attempts + 1 >= ${maxAttempts} then 1 else dead end`,
    })
    .where('id', '=', id)
    .execute();
  const row = await db.selectFrom('otp_challenges').select('attempts').where('id', '=', id).executeTakeFirst();
  return row?.attempts ?? maxAttempts;
}

/** Marks the challenge used; false when another request consumed or killed it first. */
export async function consumeChallenge(db: Kysely<Database>, id: string, now: number): Promise<boolean> {
  return Number((await challengeConsume(db, id, now)).numAffectedRows ?? 0) === 1;
}

/**
 * A resend: new code, fresh attempts and expiry, same challenge (and verify token). Only if the challenge was last
 * sent at `sentBefore` (as the caller saw it): of two racing resends one wins; false for the other.
 */
export async function reissueChallenge(
  db: Kysely<Database>,
  id: string,
  values: { codeHash: string; now: number; expiresAt: number; sentBefore: number },
): Promise<boolean> {
  const result = await db
    .updateTable('otp_challenges')
    .set({ code_hash: values.codeHash, attempts: 0, dead: 0, last_sent_at: values.now, expires_at: values.expiresAt })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .where('last_sent_at', '=', values.sentBefore)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A send that failed: the new challenge goes, so the next try starts afresh. */
export async function deleteChallenge(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('otp_challenges').where('id', '=', id).execute();
}

/** A resend that failed: the resend wait counts from the send before it again, so the next try is not 'too early'. */
export async function restoreLastSent(db: Kysely<Database>, id: string, sentAt: number): Promise<void> {
  await db.updateTable('otp_challenges').set({ last_sent_at: sentAt }).where('id', '=', id).execute();
}

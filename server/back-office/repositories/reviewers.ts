import type { Kysely } from 'kysely';
import type { Database, ReviewerRow, ReviewerSessionRow } from '../../db/schema';

/** Back-office accounts and their sessions (migration 060). */

export async function findReviewerByEmail(db: Kysely<Database>, email: string): Promise<ReviewerRow | undefined> {
  return db.selectFrom('reviewers').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function listReviewers(db: Kysely<Database>): Promise<ReviewerRow[]> {
  return db.selectFrom('reviewers').selectAll().orderBy('email', 'asc').execute();
}

export async function insertReviewer(db: Kysely<Database>, row: ReviewerRow): Promise<void> {
  await db.insertInto('reviewers').values(row).execute();
}

/** A new role, or an account enabled again: disabled_* cleared. */
export async function updateReviewerRole(db: Kysely<Database>, id: string, role: string, now: number): Promise<void> {
  await db.updateTable('reviewers').set({ role, updated_at: now, disabled_at: null, disabled_by: null }).where('id', '=', id).execute();
}

/** Disables the account and ends every session of it, in one transaction; false when it was disabled already. */
export async function disableReviewer(db: Kysely<Database>, id: string, by: string, now: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('reviewers')
      .set({ disabled_at: now, disabled_by: by, updated_at: now })
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .executeTakeFirst();
    await trx.updateTable('reviewer_sessions').set({ revoked_at: now }).where('reviewer_id', '=', id).where('revoked_at', 'is', null).execute();
    return Number(result.numUpdatedRows) === 1;
  });
}

export async function insertReviewerSession(db: Kysely<Database>, session: ReviewerSessionRow): Promise<void> {
  await db.insertInto('reviewer_sessions').values(session).execute();
}

export interface ReviewerSession {
  session: Pick<ReviewerSessionRow, 'id' | 'last_seen_at' | 'expires_at' | 'revoked_at'>;
  reviewer: ReviewerRow;
}

/** The session behind a token hash with its reviewer, in one indexed lookup. */
export async function findReviewerSession(db: Kysely<Database>, tokenHash: string): Promise<ReviewerSession | undefined> {
  const row = await db
    .selectFrom('reviewer_sessions')
    .innerJoin('reviewers', 'reviewers.id', 'reviewer_sessions.reviewer_id')
    .selectAll('reviewers')
    .select([
      'reviewer_sessions.id as session_id',
      'reviewer_sessions.last_seen_at as session_last_seen_at',
      'reviewer_sessions.expires_at as session_expires_at',
      'reviewer_sessions.revoked_at as session_revoked_at',
    ])
    .where('reviewer_sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_id, session_last_seen_at, session_expires_at, session_revoked_at, ...reviewer } = row;
  return {
    session: { id: session_id, last_seen_at: session_last_seen_at, expires_at: session_expires_at, revoked_at: session_revoked_at },
    reviewer,
  };
}

export async function touchReviewerSession(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('reviewer_sessions').set({ last_seen_at: now }).where('id', '=', id).execute();
}

export async function revokeReviewerSession(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('reviewer_sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

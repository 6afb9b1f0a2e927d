import { CompiledQuery, type Kysely } from 'kysely';
import type { Database, SessionRow, UserRow } from '../../db/schema';

type SessionPart = Pick<SessionRow, 'id' | 'user_id' | 'last_seen_at' | 'expires_at' | 'revoked_at'>;

export interface SessionUser {
  session: SessionPart;
  user: UserRow;
}

interface JoinedRow extends UserRow {
  session_id: string;
  session_last_seen_at: number;
  session_expires_at: number;
  session_revoked_at: number | null;
}

/**
 * The session behind a token hash and its applicant, in one indexed lookup: every signed-in request
 * starts here. The SQL is compiled once per database (only the hash changes), so a request pays
 * for the query, not for building it.
 */
export function sessionUserFinder(db: Kysely<Database>): (tokenHash: string) => Promise<SessionUser | undefined> {
  const { sql } = db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.last_seen_at as session_last_seen_at',
      'sessions.expires_at as session_expires_at',
      'sessions.revoked_at as session_revoked_at',
    ])
    .where('sessions.token_hash', '=', '')
    .compile();
  return async (tokenHash) => {
    const { rows } = await db.executeQuery<JoinedRow>(CompiledQuery.raw(sql, [tokenHash]));
    const row = rows[0];
    if (!row) return undefined;
    const { session_id, session_last_seen_at, session_expires_at, session_revoked_at, ...user } = row;
    return {
      session: {
        id: session_id,
        user_id: user.id,
        last_seen_at: Number(session_last_seen_at),
        expires_at: Number(session_expires_at),
        revoked_at: session_revoked_at === null ? null : Number(session_revoked_at),
      },
      user,
    };
  };
}

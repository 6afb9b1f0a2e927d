import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { Database, SessionRow } from '../../db/schema';

/** Sign-in opens a session and signed-in requests touch it: both compiled once (db/compiled-once.ts). */
const sessionInsert = compiledOnce((db, id: string, tokenHash: string, userId: string, createdAt: number, lastSeenAt: number, expiresAt: number, revokedAt: number | null) =>
  db.insertInto('sessions').values({ id, token_hash: tokenHash, user_id: userId, created_at: createdAt, last_seen_at: lastSeenAt, expires_at: expiresAt, revoked_at: revokedAt }),
);

export async function insertSession(db: Kysely<Database>, session: SessionRow): Promise<void> {
  await sessionInsert(db, session.id, session.token_hash, session.user_id, session.created_at, session.last_seen_at, session.expires_at, session.revoked_at);
}

export async function findSessionByTokenHash(db: Kysely<Database>, tokenHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

const sessionTouch = compiledOnce((db, id: string, now: number) => db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', id));

export async function touchSession(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await sessionTouch(db, id, now);
}

export async function revokeSession(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', id).where('revoked_at', 'is', null).execute();
}

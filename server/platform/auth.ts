import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { sessionUserFinder } from './repositories/session-users';
import { insertSession, revokeSession, touchSession } from './repositories/sessions';
import type { Database, UserRow } from '../db/schema';
import { ApiError } from '../errors';
import type { Limits } from '../limits';
import { randomToken, sha256 } from './secrets';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in applicant, set by the authenticate hook. */
    user: UserRow | null;
    sessionId: string | null;
    /** performance.now() just before `user` was read (applicant-turns.ts: a turn reads it again only if it may have changed). */
    userReadAt: number | null;
  }
}

export const accessTokenHeader = 'x-access-token';

/** Saves last_seen_at at most this often: idle expiry is in minutes, writes per request are not needed. */
const touchEveryMs = 15_000;

export function registerAuthDecorators(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('userReadAt', null);
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new ApiError(401, 'request.unauthorized');
  return request.user;
}

interface AuthDeps {
  db: Kysely<Database>;
  clock: () => number;
  limits: Limits;
}

/** Opens a session and returns its token; only the token's hash is stored. */
export async function openSession({ db, clock, limits }: AuthDeps, userId: string): Promise<string> {
  const token = randomToken();
  const now = clock();
  await insertSession(db, {
    id: randomUUID(),
    token_hash: sha256(token),
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: now + limits.sessionMaxMs,
    revoked_at: null,
  });
  return token;
}

export async function closeSession({ db, clock }: AuthDeps, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId, clock());
}

/** A session still open at `now`: not revoked, not past its end, used within the idle limit. */
export function isLiveSession(session: { revoked_at: number | null; expires_at: number; last_seen_at: number }, now: number, idleMs: number): boolean {
  return session.revoked_at === null && now < session.expires_at && now - session.last_seen_at < idleMs;
}

/**
 * The applicant behind an x-access-token when it names a live session (not revoked, idle or past its end), else
 * undefined. One query finds the session and its applicant; the touch write happens at most every 15 s.
 */
export function createSessionLookup({ db, clock, limits }: AuthDeps): (token: unknown) => Promise<{ user: UserRow; sessionId: string } | undefined> {
  const findSessionUser = sessionUserFinder(db);
  return async (token) => {
    if (typeof token !== 'string' || token === '' || token.length > 200) return undefined;
    const found = await findSessionUser(sha256(token));
    const now = clock();
    if (!found || !isLiveSession(found.session, now, limits.sessionIdleMs)) return undefined;
    if (now - found.session.last_seen_at >= touchEveryMs) await touchSession(db, found.session.id, now);
    return { user: found.user, sessionId: found.session.id };
  };
}

/**
 * preValidation: 401 unless x-access-token names a live session. Before the body is checked, so a stranger learns
 * nothing from it, and a refusal of the body is worded in the applicant's stored language (texts.ts).
 */
export function createAuthenticate(deps: AuthDeps): preValidationAsyncHookHandler {
  const lookup = createSessionLookup(deps);
  return async (request) => {
    const readAt = performance.now();
    const found = await lookup(request.headers[accessTokenHeader]);
    if (!found) throw new ApiError(401, 'request.unauthorized');
    request.userReadAt = readAt;
    request.user = found.user;
    request.sessionId = found.sessionId;
  };
}

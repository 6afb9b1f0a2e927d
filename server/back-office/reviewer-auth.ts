import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import { type OpsPermission, type OpsRole, isOpsRole, mayDo, opsTokenActor } from '../../core/engine/ops-roles';
import { findReviewerSession, touchReviewerSession } from './repositories/reviewers';
import type { Database } from '../db/schema';
import { ApiError } from '../errors';
import type { Limits } from '../limits';
import { sha256 } from '../platform/secrets';
import { isLiveSession } from '../platform/auth';
import { cookieMayAct, cookieToken } from './session-cookie';


/** Who is calling the ops API: a signed-in reviewer, or the machine token. */
export type OpsActor =
  | { kind: 'token'; name: typeof opsTokenActor; role: typeof opsTokenActor }
  | { kind: 'reviewer'; name: string; role: OpsRole; sessionId: string };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the ops API's onRequest hook. */
    opsActor: OpsActor | null;
  }
  interface FastifyContextConfig {
    /** What an ops route needs; 'read' when unset. */
    opsPermission?: OpsPermission;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Saves last_seen_at at most this often, as the applicants' sessions do. */
const touchEveryMs = 15_000;

export function requireOpsActor(request: FastifyRequest): OpsActor {
  if (!request.opsActor) throw new ApiError(401, 'backOffice.tokenRequired', {}, { 'www-authenticate': 'Bearer realm="ops"' });
  return request.opsActor;
}

interface OpsAuthDeps {
  db: Kysely<Database>;
  clock: () => number;
  limits: Limits;
}

/**
 * onRequest hook of the ops API: `Authorization: Bearer <token>`, where the token is OPS_TOKEN (compared as SHA-256
 * digests in constant time) or a live reviewer session (not revoked, idle or past its end, reviewer not disabled);
 * else the console's session cookie (session-cookie.ts), a reviewer session only.
 * Applicant tokens are never looked up in the applicants' sessions. No or malformed header, or a token that is
 * neither, 401 (the console then signs in again).
 */
export function createOpsAuthenticate(opsToken: string, { db, clock, limits }: OpsAuthDeps): onRequestAsyncHookHandler {
  const expected = digest(opsToken);
  return async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer +(\S{1,512})\s*$/i.exec(header) : null;
    const bearer = match?.[1];
    // No Bearer token: the console's session cookie, which opens reviewer sessions only (never OPS_TOKEN).
    const fromCookie = bearer === undefined ? cookieToken(request) : undefined;
    const token = bearer ?? (fromCookie !== undefined && fromCookie.length <= 512 && cookieMayAct(request) ? fromCookie : undefined);
    if (!token) throw new ApiError(401, 'backOffice.tokenRequired', {}, { 'www-authenticate': 'Bearer realm="ops"' });
    if (bearer !== undefined && timingSafeEqual(digest(token), expected)) {
      request.opsActor = { kind: 'token', name: opsTokenActor, role: opsTokenActor };
      return;
    }
    const found = await findReviewerSession(db, sha256(token));
    const now = clock();
    const live = found && isLiveSession(found.session, now, limits.reviewerSessionIdleMs) && found.reviewer.disabled_at === null;
    const role = found?.reviewer.role ?? '';
    if (!found || !live || !isOpsRole(role)) throw new ApiError(401, 'backOffice.tokenRefused', {}, { 'www-authenticate': 'Bearer realm="ops"' });
    if (now - found.session.last_seen_at >= touchEveryMs) await touchReviewerSession(db, found.session.id, now);
    request.opsActor = { kind: 'reviewer', name: found.reviewer.email, role, sessionId: found.session.id };
  };
}

/** preHandler: 403 unless the caller's role grants the route's `config.opsPermission`. */
export const checkOpsPermission: preHandlerAsyncHookHandler = async (request) => {
  const actor = requireOpsActor(request);
  const needed = request.routeOptions.config.opsPermission ?? 'read';
  if (!mayDo(actor.role, needed)) throw new ApiError(403, 'backOffice.roleRefused', { role: actor.role });
};

/** The ops API's request decoration and hooks, on one encapsulated plugin. */
export function installOpsAuth(app: FastifyInstance, opsToken: string, deps: OpsAuthDeps): void {
  app.addHook('onRequest', createOpsAuthenticate(opsToken, deps));
  app.addHook('preHandler', checkOpsPermission);
}

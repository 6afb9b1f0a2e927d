import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import { ApiError } from '../errors';

export const opsTokenRequired = 'ops token required: Authorization: Bearer <OPS_TOKEN>';
export const opsTokenRefused = 'ops token not accepted';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * onRequest hook of the ops API: `Authorization: Bearer <OPS_TOKEN>`, nothing else (applicant tokens are not
 * looked at). No or malformed header 401; a wrong token 403. Compared as SHA-256 digests in constant time, so
 * neither the token's content nor its length leaks through timing.
 */
export function createOpsAuthenticate(opsToken: string): onRequestAsyncHookHandler {
  const expected = digest(opsToken);
  return async (request) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer +(\S{1,512})\s*$/i.exec(header) : null;
    if (!match?.[1]) throw new ApiError(401, opsTokenRequired, { 'www-authenticate': 'Bearer realm="ops"' });
    if (!timingSafeEqual(digest(match[1]), expected)) throw new ApiError(403, opsTokenRefused);
  };
}

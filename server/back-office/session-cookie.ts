import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The reviewer's session in a cookie, so every tab of the console shares one sign-in: HttpOnly (no script reads it),
 * SameSite=Strict (no other site's page sends it), Path=/api/ops, Secure over https, and no longer than the session
 * itself. The Bearer token stays for scripts and the CLI. A request the cookie signs in that changes anything must
 * also carry `x-onboard-ops: 1`, a header no other origin may send (CORS allows it to none): defence beside SameSite.
 */
export const sessionCookieName = 'onboard_ops_session';
export const consoleHeader = 'x-onboard-ops';
const path = '/api/ops';

function attributes(request: FastifyRequest, secureByUrl: boolean, maxAgeSeconds: number): string {
  const secure = secureByUrl || request.protocol === 'https';
  return `Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeMs: number, secureByUrl: boolean): void {
  void reply.header('set-cookie', `${sessionCookieName}=${token}; ${attributes(request, secureByUrl, Math.floor(maxAgeMs / 1000))}`);
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply, secureByUrl: boolean): void {
  void reply.header('set-cookie', `${sessionCookieName}=; ${attributes(request, secureByUrl, 0)}`);
}

/** The session token the request's cookie carries, if any. */
export function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === sessionCookieName) return value.join('=') || undefined;
  }
  return undefined;
}

/** Whether a cookie-signed request may do what it asks: reads always, changes only with the console's header. */
export function cookieMayAct(request: FastifyRequest): boolean {
  return request.method === 'GET' || request.method === 'HEAD' || request.headers[consoleHeader] === '1';
}

import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, registerSecurity } from '../../../server/platform/security';

/** The headers as @fastify/helmet builds them per request with the options we used to pass it. */
async function helmetHeaders(production: boolean): Promise<Record<string, unknown>> {
  const app = Fastify();
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(production) },
    hsts: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  app.get('/', async () => ({}));
  return (await app.inject('/')).headers;
}

async function ourHeaders(production: boolean, url = '/'): Promise<Record<string, unknown>> {
  const app = Fastify();
  await registerSecurity(app, { production, corsOrigins: [] });
  app.get('/', async () => ({}));
  return (await app.inject(url)).headers;
}

const transport = ['content-type', 'content-length', 'date', 'connection'];
const without = (headers: Record<string, unknown>) => Object.fromEntries(Object.entries(headers).filter(([name]) => !transport.includes(name)));

describe('precomputed security headers', () => {
  it.each([[false], [true]])('equal what helmet sends (production: %s)', async (production) => {
    expect(without(await ourHeaders(production))).toEqual(without(await helmetHeaders(production)));
  });

  it('are on 404 answers too', async () => {
    const headers = await ourHeaders(false, '/missing');
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['x-frame-options']).toBe('DENY');
  });
});

import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * The Content Security Policy. No inline or eval'd script anywhere (validators are precompiled);
 * inline styles are allowed because antd's CSS-in-JS injects <style> elements. `widgetOrigins`: a third-party
 * browser widget (Digio's Web SDK) may load its script, open its frames and make its calls there.
 */
export function contentSecurityPolicy(production: boolean, widgetOrigins: readonly string[] = []): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...widgetOrigins],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'", ...widgetOrigins],
    ...(widgetOrigins.length > 0 ? { 'frame-src': ["'self'", ...widgetOrigins] } : {}),
    'font-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // Only behind TLS: on http://localhost it would break local development.
    ...(production ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export interface SecurityOptions {
  production: boolean;
  /** Origins allowed to call the API cross-origin; empty means no CORS headers at all. */
  corsOrigins: string[];
  /** Origins of the identity widget when it is a third party's (server/providers/digio/widget-origins.ts). */
  widgetOrigins?: readonly string[];
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(options.production, options.widgetOrigins) },
    // HSTS pins browsers to https; only meaningful (and safe) when served over TLS in production.
    hsts: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // Same intent as frame-ancestors 'none', for browsers that only know the old header.
    frameguard: { action: 'deny' },
  });
  if (options.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: options.corsOrigins,
      credentials: true,
      methods: ['GET', 'POST'],
      allowedHeaders: ['content-type', 'x-access-token', 'x-verify-token'],
      maxAge: 600,
    });
  }
}

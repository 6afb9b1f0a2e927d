import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

/** Origins beyond 'self' a vendor's browser SDK needs (Digio's Web SDK: server/providers/identity/digio/sdk-hosts.ts). */
export interface WidgetOrigins {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
}

const noWidget: WidgetOrigins = { script: [], frame: [], connect: [] };

/**
 * The Content Security Policy. No inline or eval'd script anywhere (validators are precompiled);
 * inline styles are allowed because antd's CSS-in-JS injects <style> elements (and the prerendered
 * pages inline their critical CSS). `widget`: a vendor's SDK (Digio's, when Digio is configured) may load its script,
 * open its frames and make its calls at its own origins; a simulator's SDK on the app's origin needs none.
 */
export function contentSecurityPolicy(production: boolean, widget: WidgetOrigins = noWidget): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...widget.script],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'connect-src': ["'self'", ...widget.connect],
    ...(widget.frame.length > 0 ? { 'frame-src': ["'self'", ...widget.frame] } : {}),
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
  /** Origins of the identity vendor's SDK when it is served from the vendor's own hosts. */
  widgetOrigins?: WidgetOrigins;
}

/**
 * Every hardening header, written once at start-up. They are what helmet sends with our options
 * (tests/server/platform/security-headers.test.ts compares them), without rebuilding them per request.
 */
export function securityHeaders(production: boolean, widget: WidgetOrigins = noWidget): Record<string, string> {
  const csp = Object.entries(contentSecurityPolicy(production, widget))
    .map(([name, values]) => [name, ...values].join(' '))
    .join(';');
  return {
    'content-security-policy': csp,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    // HSTS pins browsers to https; only meaningful (and safe) when served over TLS in production.
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    // Same intent as frame-ancestors 'none', for browsers that only know the old header.
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

export async function registerSecurity(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const headers = securityHeaders(options.production, options.widgetOrigins);
  // A plain synchronous hook: on every answer, 404s and errors included.
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
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

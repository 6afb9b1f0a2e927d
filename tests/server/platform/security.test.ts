import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, get, newPhone, post, startTestApp } from '../helpers';

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? '', values]),
  );
}

describe('security headers (development mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('sends a strict Content Security Policy on API answers', async () => {
    const response = await get(t.app, '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).not.toContain('unsafe-eval');
    const policy = directives(csp);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  it('sends the other hardening headers, and no HSTS outside production', async () => {
    const response = await get(t.app, '/api/health');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('is closed to other origins: no CORS headers, even on preflight', async () => {
    const origin = 'https://evil.example';
    const simple = await get(t.app, '/api/health', { headers: { origin } });
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.statusCode).toBe(404);
  });

  it('serves the sandbox outbox as JSON and as a script-free page with escaped text', async () => {
    const phone = newPhone();
    await post(t.app, '/api/signup', { phone });
    const api = await get(t.app, `/api/dev/outbox?to=${phone}`);
    expect(api.statusCode).toBe(200);
    const [message] = api.json<{ messages: { channel: string; to: string; sentAt: string }[] }>().messages;
    expect(message).toMatchObject({ channel: 'sms', to: phone, sentAt: new Date(t.clock.now).toISOString() });

    const page = await get(t.app, `/dev/outbox?to=${phone}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Your Onboard OTP is');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('<form method="get" action="/dev/outbox">');
    const hostile = await get(t.app, `/dev/outbox?to=${encodeURIComponent('"><script>alert(1)</script>')}`);
    expect(hostile.body).not.toContain('<script>alert(1)</script>');
    expect(hostile.body).toContain('&#34;&#62;&#60;script&#62;');
  });
});

describe('production mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Production refuses to start without a documents key.
    t = await startTestApp({ production: true, documentsKey: Buffer.alloc(32, 7).toString('base64') });
  });
  afterAll(() => t.close());

  it.each([['/api/dev/outbox?to=9876543210'], ['/dev/outbox'], ['/dev/outbox?to=9876543210']])('%s does not exist (404)', async (url) => {
    const response = await get(t.app, url);
    expect(response.statusCode).toBe(404);
  });

  it('sends HSTS', async () => {
    const response = await get(t.app, '/api/health');
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

describe('CORS when origins are listed', () => {
  it('allows exactly the listed origins', async () => {
    const t = await startTestApp({ corsOrigins: ['https://app.example'] });
    try {
      const allowed = await get(t.app, '/api/health', { headers: { origin: 'https://app.example' } });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
      const other = await get(t.app, '/api/health', { headers: { origin: 'https://evil.example' } });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

describe('static client files', () => {
  let t: TestApp;
  const html = '<!doctype html><title>Onboard</title>';
  const script = 'console.log("onboard");'.repeat(50);
  const dist = join(mkdtempSync(join(tmpdir(), 'onboard-dist-')), 'dist');
  beforeAll(async () => {
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), html);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'index-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'index-abc123.js.gz'), gzipSync(script));
    t = await startTestApp({ staticDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  it('serves hashed assets pre-compressed and immutable', async () => {
    const br = await get(t.app, '/assets/index-abc123.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toContain('javascript');
    const plain = await get(t.app, '/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('serves index.html with no-cache, at / and as the history fallback for client routes', async () => {
    const accept = { accept: 'text/html,application/xhtml+xml' };
    for (const url of ['/', '/verify-pan', '/income-proof/callback?x=1']) {
      const response = await get(t.app, url, { headers: accept });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(html);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toBeDefined();
    }
  });

  it('does not fall back for API paths, missing files or non-HTML requests', async () => {
    const accept = { accept: 'text/html' };
    const api = await get(t.app, '/api/unknown', { headers: accept });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ statusCode: 404, message: 'not found' });
    expect((await get(t.app, '/assets/missing.js', { headers: accept })).statusCode).toBe(404);
    expect((await get(t.app, '/verify-pan', { headers: { accept: 'application/json' } })).statusCode).toBe(404);
    expect((await post(t.app, '/verify-pan', {})).statusCode).toBe(404);
  });
});

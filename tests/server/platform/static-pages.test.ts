import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../../server/platform/static-files';
import type { StaticFile } from '../../../server/platform/static-table';
import { type TestApp, get, startTestApp } from '../helpers';

describe('prerendered pages and cached assets', () => {
  let t: TestApp;
  const dist = join(mkdtempSync(join(tmpdir(), 'onboard-pages-')), 'dist');
  const html = (route: string) => `<!doctype html><div id="root" data-prerendered="${route}">${'x'.repeat(2000)}</div>`;
  const accept = { accept: 'text/html' };

  beforeAll(async () => {
    mkdirSync(join(dist, 'login'), { recursive: true });
    mkdirSync(join(dist, 'assets'), { recursive: true });
    mkdirSync(join(dist, '.vite'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dist, 'login', 'index.html'), html('/login'));
    writeFileSync(join(dist, 'login', 'index.html.gz'), gzipSync(html('/login')));
    writeFileSync(join(dist, 'assets', 'app-abc.css'), 'body{}');
    writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
    t = await startTestApp({ staticDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(join(dist, '..'), { recursive: true, force: true });
  });

  it.each([['/login'], ['/login/'], ['/login?mobile=9876543210']])('navigating to %s gets the prerendered /login, revalidated', async (url) => {
    const response = await get(t.app, url, { headers: accept });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(html('/login'));
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
  });

  it('sends the gzip copy to a browser that takes gzip, and a 304 for a known ETag', async () => {
    const zipped = await get(t.app, '/login', { headers: { ...accept, 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    // Which release's page a URL gets depends on the release cookie (issue 29).
    expect(zipped.headers.vary).toBe('accept-encoding, cookie');
    const again = await get(t.app, '/login', { headers: { ...accept, 'if-none-match': String(zipped.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('other client routes get index.html; build records under .vite/ are not served', async () => {
    expect((await get(t.app, '/verify-pan', { headers: accept })).body).toBe('<!doctype html><div id="root"></div>');
    expect((await get(t.app, '/.vite/manifest.json')).statusCode).toBe(404);
    expect((await get(t.app, '/assets/app-abc.css')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('chooseEncoding', () => {
  const file = { br: Buffer.from('b'), gzip: Buffer.from('g') } as StaticFile;
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    [undefined, undefined],
  ])('%s → %s', (header, expected) => {
    expect(chooseEncoding(header, file)).toBe(expected);
  });
});

import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';

/** One built file with its pre-compressed siblings and the headers it is always sent with. */
export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  headers: Record<string, string>;
}

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.wasm': 'application/wasm',
};

const compressedSuffixes = { '.br': 'br', '.gz': 'gzip' } as const;

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      // Dot entries (Vite's .vite/ manifest folder) are build records, not part of the site.
      .filter((entry) => !entry.name.startsWith('.'))
      .map((entry) => (entry.isDirectory() ? listFiles(join(dir, entry.name)) : Promise.resolve([join(dir, entry.name)]))),
  );
  return nested.flat();
}

function urlPath(dir: string, file: string): string {
  return `/${relative(dir, file).split(sep).join('/')}`;
}

/**
 * Reads the whole build into memory, keyed by URL path. Hashed files under /assets/ never change,
 * so browsers may keep them for a year; everything else (the pages) is revalidated by ETag.
 * `shared`: another build already in memory; a hashed asset of the same name is the same file, so it is taken from there.
 */
export async function loadStaticFiles(dir: string, shared?: ReadonlyMap<string, StaticFile>): Promise<Map<string, StaticFile>> {
  const paths = await listFiles(dir);
  const siblings = new Map<string, Buffer>();
  const files = new Map<string, StaticFile>();
  for (const path of paths) {
    const suffix = extname(path) as keyof typeof compressedSuffixes;
    if (!(suffix in compressedSuffixes)) continue;
    const of = urlPath(dir, path.slice(0, -suffix.length));
    siblings.set(path, of.startsWith('/assets/') && shared?.has(of) ? Buffer.alloc(0) : await readFile(path));
  }
  for (const path of paths) {
    if (siblings.has(path)) continue;
    const url = urlPath(dir, path);
    const same = url.startsWith('/assets/') ? shared?.get(url) : undefined;
    if (same) {
      files.set(url, same);
      continue;
    }
    const body = await readFile(path);
    const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
    const br = siblings.get(`${path}.br`);
    const gzip = siblings.get(`${path}.gz`);
    const headers: Record<string, string> = {
      'content-type': contentTypes[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'cache-control': url.startsWith('/assets/') ? immutable : revalidate,
      etag,
      ...(br || gzip ? { vary: 'accept-encoding' } : {}),
    };
    files.set(url, { body, etag, headers, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) });
  }
  return files;
}

import { existsSync, statSync } from 'node:fs';
import { basename, extname, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendJsonNotFound } from './error-handler';

const immutable = 'public, max-age=31536000, immutable';
const revalidate = 'no-cache';
const indexFile = 'index.html';

/** Paths the client never owns: the API and the sandbox pages answer their own 404s. */
export function isServerPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/dev' || path.startsWith('/dev/');
}

/** A browser navigating to a client route: GET, wants HTML, no file extension, not a server path. */
export function isHistoryNavigation(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  const accept = request.headers.accept ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isServerPath(path) &&
    accept.includes('text/html') &&
    extname(path) === ''
  );
}

/** Hashed files under assets/ never change; everything else (index.html first) is revalidated. */
function cacheHeaders(reply: FastifyReply, filePath: string): void {
  const isAsset = filePath.split(sep).includes('assets') && basename(filePath) !== indexFile;
  reply.header('cache-control', isAsset ? immutable : revalidate);
}

/**
 * Serves the built client from `dir` (pre-compressed .br/.gz siblings when the browser accepts
 * them) with a history fallback to index.html. Returns false, doing nothing, when `dir` is absent.
 */
export async function registerStaticFiles(app: FastifyInstance, dir: string | undefined): Promise<boolean> {
  if (!dir || !existsSync(dir) || !statSync(dir).isDirectory()) return false;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    preCompressed: true,
    cacheControl: false,
    etag: true,
    index: [indexFile],
    allowedPath: (path) => !isServerPath(path),
    setHeaders: (reply, path) => cacheHeaders(reply, path),
  });
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (!isHistoryNavigation(request) || !existsSync(`${dir}${sep}${indexFile}`)) return sendJsonNotFound(request, reply);
    return reply.header('cache-control', revalidate).sendFile(indexFile, { cacheControl: false });
  });
  return true;
}

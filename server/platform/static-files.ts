import { existsSync, statSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendJsonNotFound } from './error-handler';
import { loadStaticFiles, type StaticFile } from './static-table';

const indexPath = '/index.html';

/** Paths the client never owns: the API and the sandbox pages answer their own 404s. */
export function isServerPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/') || path === '/dev' || path.startsWith('/dev/');
}

function hasExtension(path: string): boolean {
  return /\.[^/]*$/.test(path);
}

/** A browser navigating to a client route: GET, wants HTML, no file extension, not a server path. */
export function isHistoryNavigation(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  const accept = request.headers.accept ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !isServerPath(path) &&
    accept.includes('text/html') &&
    !hasExtension(path)
  );
}

/** The best encoding the browser accepts (brotli, then gzip), ignoring any it refuses with q=0. */
export function chooseEncoding(acceptEncoding: string | undefined, file: StaticFile): 'br' | 'gzip' | undefined {
  if (!acceptEncoding || (!file.br && !file.gzip)) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) accepted.add(name.trim());
  }
  if (file.br && (accepted.has('br') || accepted.has('*'))) return 'br';
  if (file.gzip && (accepted.has('gzip') || accepted.has('*'))) return 'gzip';
  return undefined;
}

function sendStatic(request: FastifyRequest, reply: FastifyReply, file: StaticFile): FastifyReply {
  reply.code(200).headers(file.headers);
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding'], file);
  if (!encoding) return reply.send(file.body);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? file.br : file.gzip);
}

/**
 * Serves the built client from `dir`, held in memory: one route per file, so an unknown path costs
 * a router miss and never a disk lookup. Hashed assets are immutable; pages are revalidated.
 * Browser navigation to a client route gets that route's prerendered page (`<route>/index.html`)
 * when the build made one, else index.html. Returns false, doing nothing, when `dir` is absent.
 */
export async function registerStaticFiles(app: FastifyInstance, dir: string | undefined): Promise<boolean> {
  if (!dir || !existsSync(dir) || !statSync(dir).isDirectory()) return false;
  const files = await loadStaticFiles(dir);
  for (const [path, file] of files) {
    if (isServerPath(path)) continue;
    app.get(path, (request, reply) => sendStatic(request, reply, file));
  }
  const index = files.get(indexPath);
  if (index) app.get('/', (request, reply) => sendStatic(request, reply, index));
  app.setNotFoundHandler((request, reply) => {
    if (!index || !isHistoryNavigation(request)) return sendJsonNotFound(request, reply);
    const path = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '');
    return sendStatic(request, reply, files.get(`${path}${indexPath}`) ?? index);
  });
  return true;
}

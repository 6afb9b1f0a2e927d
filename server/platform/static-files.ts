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

function sendStatic(request: FastifyRequest, reply: FastifyReply, file: StaticFile, vary?: string): FastifyReply {
  reply.code(200).headers(file.headers);
  if (vary) reply.header('vary', vary);
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding'], file);
  if (!encoding) return reply.send(file.body);
  return reply.header('content-encoding', encoding).send(encoding === 'br' ? file.br : file.gzip);
}

/**
 * Which built client a request's pages come from, when the server serves more than its own (issue 29: each config
 * release's client, server/releases/client-releases.ts). undefined: the server's own build.
 */
export interface ClientChoice {
  clientDirFor(request: FastifyRequest): Promise<string | undefined>;
}

/** Each other built client, read into memory once, its hashed assets shared with the server's own build. */
function otherBuilds(shared: ReadonlyMap<string, StaticFile>): (dir: string) => Promise<ReadonlyMap<string, StaticFile>> {
  const loaded = new Map<string, Promise<ReadonlyMap<string, StaticFile>>>();
  return (dir) => {
    let files = loaded.get(dir);
    if (!files) {
      files = loadStaticFiles(dir, shared);
      files.catch(() => loaded.delete(dir));
      loaded.set(dir, files);
    }
    return files;
  };
}

/**
 * Serves the built client from `dir`, held in memory: one route per file, so an unknown path costs
 * a router miss and never a disk lookup. Hashed assets are immutable; pages are revalidated.
 * Browser navigation to a client route gets that route's prerendered page (`<route>/index.html`)
 * when the build made one, else index.html. With `choice`, a request whose pages come from another
 * build gets that build's page (and its own hashed assets, which the server's build lacks).
 * Returns false, doing nothing, when `dir` is absent.
 */
export async function registerStaticFiles(app: FastifyInstance, dir: string | undefined, choice?: ClientChoice): Promise<boolean> {
  if (!dir || !existsSync(dir) || !statSync(dir).isDirectory()) return false;
  const files = await loadStaticFiles(dir);
  const build = otherBuilds(files);
  // The build this request's pages come from: the server's own unless `choice` names another.
  // A choice that fails (the database, a build replaced while it loads) leaves the request with the server's own pages.
  const filesFor = async (request: FastifyRequest): Promise<ReadonlyMap<string, StaticFile>> => {
    try {
      const other = await choice?.clientDirFor(request);
      return other ? await build(other) : files;
    } catch (error) {
      request.log.error({ err: error }, 'the release client of this request could not be read: the server build serves it');
      return files;
    }
  };
  const page = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    const chosen = await filesFor(request);
    const file = chosen.get(`${path}${indexPath}`) ?? chosen.get(indexPath);
    if (!file) return sendJsonNotFound(request, reply);
    // Which build's page a URL gets depends on the release cookie.
    return sendStatic(request, reply, file, choice ? 'accept-encoding, cookie' : undefined);
  };
  for (const [path, file] of files) {
    if (isServerPath(path)) continue;
    app.get(path, (request, reply) => sendStatic(request, reply, file));
  }
  if (files.has(indexPath)) app.get('/', (request, reply) => page(request, reply, ''));
  app.setNotFoundHandler(async (request, reply) => {
    const path = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '');
    if (files.has(indexPath) && isHistoryNavigation(request)) return page(request, reply, path);
    // Another release's own chunks (its config, its validators): asked for by the pages that build served.
    const asset = choice && path.startsWith('/assets/') && request.method === 'GET' ? (await filesFor(request)).get(path) : undefined;
    return asset ? sendStatic(request, reply, asset) : sendJsonNotFound(request, reply);
  });
  return true;
}

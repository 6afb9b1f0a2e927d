import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { buildReleaseClient, releaseClientDir, releaseClientFailure, releaseClientReady } from './client-build';
import { type ReleaseSummary, listReleases, openApplicationsByRelease, releaseHash, releaseHashAndFiles } from './repository';

/**
 * Which release's browser client a visitor gets (issue 29). The server's own build (dist/) is the running config's;
 * every other release's client is built beside it (client-build.ts). An applicant's pages come from their release's
 * client, named by a cookie the server sets on their signed-in answers (the release's hash: not a secret, it only
 * chooses pages; the API serves each applicant by the release they are pinned to whatever the cookie says). A visitor
 * without one gets the client of the release new sign-ups start on: the newest release whose client is ready.
 */
export const releaseCookieName = 'onboard_release';

/** What `GET /api/ops/releases` says of a release's client. */
export type ClientStatus = 'ready' | 'building' | 'failed' | 'missing';

interface Log {
  info(message: string): void;
  error(message: string): void;
}

export interface ClientReleasesOptions {
  db: Kysely<Database>;
  /** Where release clients are built (dist-releases/, or ONBOARD_CLIENT_RELEASES_DIR). */
  root: string;
  /** The hash of the config this server runs, which its own build (dist/) was made from. */
  runningHash: string;
  /** Whether this server serves a browser client at all. Without one (an API-only server, tests) every release counts as ready. */
  serving: boolean;
  /** Whether this server builds a missing client itself (a child process each, one at a time); tests build on purpose. */
  build: boolean;
  /** How a client is built: `vite build` in a child process (client-build.ts); tests pass a stand-in. */
  builder?: typeof buildReleaseClient;
}

export interface ClientReleases {
  /** The release new sign-ups start on: the newest whose client is ready (the newest when no client is served). */
  newestServed(): Promise<number | null>;
  /** The folder of the built client this request's pages come from; undefined: the server's own build. */
  clientDirFor(request: FastifyRequest): Promise<string | undefined>;
  /** Starts building release `number`'s client unless it is ready or building (when this server builds clients). */
  build(number: number): void;
  /** At start: builds the clients of the newest release and of every release with open applications that lack one. */
  prepare(): Promise<void>;
  status(hash: string): ClientStatus;
  /** Sets the release cookie on a signed-in applicant's answers when theirs is another. */
  installCookie(app: FastifyInstance): void;
  /** Settles when no build is queued. */
  idle(): Promise<void>;
  /** Stops a build under way (its child process) and queues no more: the server is closing. */
  close(): Promise<void>;
  log: Log;
}

const isHash = (value: string | undefined): value is string => value !== undefined && /^[0-9a-f]{64}$/.test(value);

function releaseCookie(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === releaseCookieName) return value;
  }
  return undefined;
}

const cookieMaxAgeSeconds = 365 * 24 * 3600;

export function createClientReleases(options: ClientReleasesOptions): ClientReleases {
  const { db, root, runningHash } = options;
  const hashes = new Map<number, string>();
  const building = new Set<string>();
  const failed = new Map<string, string>();
  const queued = new Set<number>();
  const gaveUp = new Set<number>();
  let queue: Promise<void> = Promise.resolve();
  const closing = new AbortController();
  const ready = (hash: string) => hash === runningHash || releaseClientReady(root, hash);

  async function hashOf(number: number): Promise<string | undefined> {
    const known = hashes.get(number);
    if (known) return known;
    const hash = await releaseHash(db, number);
    if (hash) hashes.set(number, hash);
    return hash;
  }

  async function newestServedRelease(): Promise<ReleaseSummary | undefined> {
    const releases = await listReleases(db);
    const newest = releases[0];
    if (!options.serving || !newest) return newest;
    const servable = releases.find((release) => ready(release.hash));
    if (servable !== newest) clients.build(newest.number);
    return servable ?? newest;
  }

  async function buildOne(number: number): Promise<void> {
    const release = await releaseHashAndFiles(db, number);
    if (!release || ready(release.hash) || closing.signal.aborted) return;
    building.add(release.hash);
    const started = Date.now();
    clients.log.info(`building the browser client of config release ${number}`);
    try {
      await (options.builder ?? buildReleaseClient)({ root, hash: release.hash, files: release.files(), signal: closing.signal });
      failed.delete(release.hash);
      clients.log.info(`the browser client of config release ${number} is built (${Math.round((Date.now() - started) / 1000)} s); new sign-ups get it`);
    } catch (error) {
      gaveUp.add(number);
      failed.set(release.hash, (error as Error).message);
      clients.log.error(`the browser client of config release ${number} failed to build, so new sign-ups stay on the newest release whose client is built: ${(error as Error).message}`);
    } finally {
      building.delete(release.hash);
    }
  }

  const clients: ClientReleases = {
    log: { info: () => undefined, error: () => undefined },
    async newestServed() {
      return (await newestServedRelease())?.number ?? null;
    },
    async clientDirFor(request) {
      const cookie = releaseCookie(request);
      const hash = isHash(cookie) ? cookie : (await newestServedRelease())?.hash;
      if (!hash || hash === runningHash || !releaseClientReady(root, hash)) return undefined;
      return releaseClientDir(root, hash);
    },
    build(number) {
      // Once per release and process: a failed build is not retried until the server restarts (it is logged).
      if (!options.build || closing.signal.aborted || queued.has(number) || gaveUp.has(number)) return;
      queued.add(number);
      queue = queue
        .then(() => buildOne(number))
        .catch((error: unknown) => clients.log.error(`the browser client of config release ${number} could not be built: ${(error as Error).message}`))
        .finally(() => queued.delete(number));
    },
    async prepare() {
      if (!options.serving || !options.build) return;
      const [releases, open] = await Promise.all([listReleases(db), openApplicationsByRelease(db)]);
      for (const release of releases) {
        if ((release === releases[0] || open.has(release.number)) && !ready(release.hash)) clients.build(release.number);
      }
    },
    status(hash) {
      if (ready(hash) || !options.serving) return 'ready';
      if (building.has(hash)) return 'building';
      return failed.has(hash) || releaseClientFailure(root, hash) !== undefined ? 'failed' : 'missing';
    },
    installCookie(app) {
      if (!options.serving) return;
      const setCookie = (request: FastifyRequest, reply: FastifyReply, hash: string | undefined) => {
        if (!hash || releaseCookie(request) === hash) return;
        const secure = request.protocol === 'https' ? '; Secure' : '';
        void reply.header('set-cookie', `${releaseCookieName}=${hash}; Path=/; Max-Age=${cookieMaxAgeSeconds}; SameSite=Lax${secure}`);
      };
      // A callback hook, not an async one: most answers (no applicant, a release whose hash is known) need no promise.
      app.addHook('onSend', (request, reply, payload, done) => {
        const number = request.user?.config_release;
        if (number === null || number === undefined) return done(null, payload);
        const known = hashes.get(number);
        if (known) {
          setCookie(request, reply, known);
          return done(null, payload);
        }
        hashOf(number).then(
          (hash) => {
            setCookie(request, reply, hash);
            done(null, payload);
          },
          (error: unknown) => done(error as Error),
        );
      });
    },
    idle: () => queue,
    async close() {
      closing.abort();
      await queue;
    },
  };
  return clients;
}

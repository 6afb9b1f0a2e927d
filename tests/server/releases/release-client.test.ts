import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsReleaseList } from '../../../core/api/types';
import { formatReleases } from '../../../scripts/ops-releases';
import { defaultConfigDir } from '../../../server/config/load-config';
import { createDatabase } from '../../../server/db/database';
import { buildReleaseClient, readyMarker, releaseClientFailure } from '../../../server/releases/client-build';
import { createClientReleases, releaseCookieName } from '../../../server/releases/client-releases';
import { releaseWorkingConfig } from '../../../server/releases/release-command';
import { snapshotConfig } from '../../../server/releases/snapshot';
import { defaultStepSchemasDir } from '../../../server/validation/step-validators';
import { type TestApp, auth, latestCode, newPhone, requestOtp, signIn, startTime, verifyOtp } from '../helpers';
import { opsCall, startOpsApp } from '../ops-fixtures';


/**
 * Issue 29: the browser gets its applicant's release's pages. The server's own build is the running config's; another
 * release's client is built beside it, and the release cookie the server sets on a signed-in answer chooses which
 * build a navigation gets. New sign-ups start on the newest release whose client is built. The builds here are small
 * stand-ins written by the test (the real build is tests/e2e/release-client.e2e.ts's).
 */

const made: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};

/** A built client whose pages say which release they are. */
function fakeBuild(dir: string, label: string, ownAsset: string): void {
  for (const route of ['', 'login', 'verify-pan']) {
    mkdirSync(join(dir, route), { recursive: true });
    writeFileSync(join(dir, route, 'index.html'), `<!doctype html><p>${label} ${route || 'root'}</p>`);
  }
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'assets', 'shared-0a1b2c3d4e.js'), 'export const shared = 1;');
  writeFileSync(join(dir, 'assets', ownAsset), `export const release = ${JSON.stringify(label)};`);
}

/** Release 2: one more nominee allowed fewer (a change of rules, so open applications stay on release 1). */
function changedConfig(): string {
  const dir = join(temp('onboard-release-client-'), 'flow-config');
  cpSync(defaultConfigDir, dir, { recursive: true });
  const flowFile = join(dir, 'flow.json');
  const flow = JSON.parse(readFileSync(flowFile, 'utf8')) as { settings: { maxNominees: number } };
  flow.settings.maxNominees -= 1;
  writeFileSync(flowFile, JSON.stringify(flow, null, 2));
  return dir;
}

const html = { accept: 'text/html' };
const cookieOf = (hash: string) => ({ cookie: `theme=dark; ${releaseCookieName}=${hash}` });

let t: TestApp;
let clients: string;
let release1 = '';
let release2 = '';

async function releaseOf(phone: string): Promise<number | null> {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    return (await db.selectFrom('users').select('config_release').where('phone', '=', phone).executeTakeFirstOrThrow()).config_release;
  } finally {
    await db.destroy();
  }
}

async function clientOf(number: number): Promise<string | undefined> {
  const { body } = await opsCall<OpsReleaseList>(t, 'GET', '/api/ops/releases');
  return body.releases.find((release) => release.number === number)?.client;
}

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...html, ...headers } });

beforeAll(async () => {
  const running = join(temp('onboard-running-build-'), 'dist');
  fakeBuild(running, 'release 1', 'one-1111111111.js');
  clients = temp('onboard-release-clients-');
  t = await startOpsApp({ staticDir: running, clientReleasesDir: clients });
  release1 = snapshotConfig(defaultConfigDir, defaultStepSchemasDir).hash;
});
afterAll(async () => {
  await t?.close();
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

describe("an applicant's pages come from their release's client", () => {
  const first = { phone: '', token: '' };

  it("a signed-in answer sets the applicant's release cookie (the release's hash), once", async () => {
    const signedIn = await signIn(t);
    Object.assign(first, { phone: signedIn.phone, token: signedIn.token });
    const answer = await t.app.inject({ method: 'GET', url: '/api/user', ...auth(first.token) });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['set-cookie']).toBe(`${releaseCookieName}=${release1}; Path=/; Max-Age=31536000; SameSite=Lax`);
    const again = await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-access-token': first.token, ...cookieOf(release1) } });
    expect(again.headers['set-cookie']).toBeUndefined();
  });

  it('a release whose client is not built yet: new sign-ups stay on the newest release with one, and visitors get its pages', async () => {
    const made2 = await releaseWorkingConfig({ configDir: changedConfig(), stepSchemasDir: defaultStepSchemasDir, dataDir: t.dir, databaseUrl: t.databaseUrl, createdBy: 'compliance@broker.in', now: startTime + 60_000 });
    expect(made2).toMatchObject({ created: true, release: { number: 2 }, client: { status: 'skipped' } });
    release2 = made2.release.hash;
    expect(await clientOf(2)).toBe('missing');
    expect(await clientOf(1)).toBe('ready');
    const listed = formatReleases((await opsCall<OpsReleaseList>(t, 'GET', '/api/ops/releases')).body).split('\n');
    expect(listed[1]).toMatch(/^2 +current, client missing +/);
    expect(listed[2]).toMatch(/^1 +running +/);

    const waiting = await signIn(t);
    expect(await releaseOf(waiting.phone)).toBe(1);
    expect((await page('/login')).body).toBe('<!doctype html><p>release 1 login</p>');
    // A cookie naming a release with no client yet gets the server's own pages, not an error.
    expect((await page('/verify-pan', cookieOf(release2))).body).toBe('<!doctype html><p>release 1 verify-pan</p>');
  });

  it('once built, new sign-ups start on it and get its pages; the applicant on release 1 keeps release 1 pages', async () => {
    const built = join(clients, release2);
    fakeBuild(built, 'release 2', 'two-2222222222.js');
    writeFileSync(join(built, readyMarker), JSON.stringify({ hash: release2 }));
    expect(await clientOf(2)).toBe('ready');

    const visitor = await page('/login');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.body).toBe('<!doctype html><p>release 2 login</p>');
    expect(visitor.headers.vary).toBe('accept-encoding, cookie');
    expect((await page('/')).body).toBe('<!doctype html><p>release 2 root</p>');

    // The sign-in's own answer names the release, so the app can load its pages at once (src/app/release-pages.ts).
    const phone = newPhone();
    const signedIn = await verifyOtp(t.app, phone, await requestOtp(t.app, phone), await latestCode(t.app, phone));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['set-cookie']).toContain(`${releaseCookieName}=${release2};`);
    expect(await releaseOf(phone)).toBe(2);
    const second = await signIn(t);
    expect(await releaseOf(second.phone)).toBe(2);
    const answer = await t.app.inject({ method: 'GET', url: '/api/user', ...auth(second.token) });
    expect(answer.headers['set-cookie']).toContain(`${releaseCookieName}=${release2};`);
    expect((await page('/verify-pan', cookieOf(release2))).body).toBe('<!doctype html><p>release 2 verify-pan</p>');
    // A route release 2's build has no page of: its root page, as for any client route.
    expect((await page('/personal-details', cookieOf(release2))).body).toBe('<!doctype html><p>release 2 root</p>');

    expect(await releaseOf(first.phone)).toBe(1);
    expect((await page('/verify-pan', cookieOf(release1))).body).toBe('<!doctype html><p>release 1 verify-pan</p>');
    expect((await page('/', cookieOf(release1))).body).toBe('<!doctype html><p>release 1 root</p>');
  });

  it("a release's own hashed chunks are served to its pages; chunks both builds share come from the server's build", async () => {
    const own = await t.app.inject({ method: 'GET', url: '/assets/two-2222222222.js', headers: cookieOf(release2) });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('export const release = "release 2";');
    expect(own.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // A visitor without a cookie is on the newest release with a client: release 2.
    expect((await t.app.inject({ method: 'GET', url: '/assets/two-2222222222.js' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/assets/shared-0a1b2c3d4e.js', headers: cookieOf(release2) })).body).toBe('export const shared = 1;');
    // Release 1's pages never name release 2's chunks; asked for anyway, they are not there.
    expect((await t.app.inject({ method: 'GET', url: '/assets/two-2222222222.js', headers: cookieOf(release1) })).statusCode).toBe(404);
  });

  it('a cookie that names no built release (tampered, or unknown) gets the server pages; the API still serves the pinned release', async () => {
    expect((await page('/verify-pan', { cookie: `${releaseCookieName}=../../etc` })).body).toBe('<!doctype html><p>release 2 verify-pan</p>');
    expect((await page('/verify-pan', cookieOf('f'.repeat(64)))).body).toBe('<!doctype html><p>release 1 verify-pan</p>');
    const answer = await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'x-access-token': first.token, ...cookieOf(release2) } });
    expect(answer.headers['set-cookie']).toContain(`${releaseCookieName}=${release1};`);
  });
});

describe("the server's own builds", () => {
  it('at start it builds the client of the newest release it lacks; a failure is logged and shown, new sign-ups stay on the newest built, and a restart tries again', async () => {
    const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
    const root = temp('onboard-server-builds-');
    const asked: string[] = [];
    const logged: string[] = [];
    let fail = true;
    const builder: typeof buildReleaseClient = async (build) => {
      asked.push(build.hash);
      if (fail) throw new Error('vite build exited with 1: flow-config/flow.json: /steps must be array');
      mkdirSync(join(build.root, build.hash), { recursive: true });
      writeFileSync(join(build.root, build.hash, readyMarker), '{}');
    };
    const start = async () => {
      const clients = createClientReleases({ db, root, runningHash: release1, serving: true, build: true, builder });
      clients.log = { info: (message) => logged.push(message), error: (message) => logged.push(message) };
      await clients.prepare();
      await clients.idle();
      return clients;
    };
    try {
      const clients = await start();
      expect(asked).toEqual([release2]);
      expect(clients.status(release2)).toBe('failed');
      expect(clients.status(release1)).toBe('ready');
      expect(logged.at(-1)).toBe('the browser client of config release 2 failed to build, so new sign-ups stay on the newest release whose client is built: vite build exited with 1: flow-config/flow.json: /steps must be array');
      expect(await clients.newestServed()).toBe(1);
      // Not again in this process, however often a visitor asks.
      clients.build(2);
      await clients.idle();
      expect(asked).toHaveLength(1);

      fail = false;
      const restarted = await start();
      expect(asked).toEqual([release2, release2]);
      expect(restarted.status(release2)).toBe('ready');
      expect(await restarted.newestServed()).toBe(2);
      expect(logged.at(-1)).toMatch(/^the browser client of config release 2 is built \(\d+ s\); new sign-ups get it$/);
    } finally {
      await db.destroy();
    }
  });
});

describe('building a release client', () => {
  it('a build that outlasts its time limit is stopped, kept as failed with its reason, and never served', async () => {
    const root = temp('onboard-failed-client-');
    const hash = 'a'.repeat(64);
    await expect(buildReleaseClient({ root, hash, files: snapshotConfig(defaultConfigDir, defaultStepSchemasDir).files, timeoutMs: 200 })).rejects.toThrow('the build took longer than 0 s and was stopped');
    expect(releaseClientFailure(root, hash)).toBe('the build took longer than 0 s and was stopped');
    expect(readdirSync(root)).toEqual([`${hash}.failed`]);
  });
});

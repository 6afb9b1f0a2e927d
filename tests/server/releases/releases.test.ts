import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpsReleaseList } from '../../../core/api/types';
import { main } from '../../../scripts/ops';
import { buildApp } from '../../../server/app';
import { ConfigError, defaultConfigDir } from '../../../server/config/load-config';
import { createDatabase } from '../../../server/db/database';
import { migrateToLatest, migrations } from '../../../server/db/migrate';
import { ReleaseRefused, ensureFirstRelease } from '../../../server/releases/service';
import { releaseWorkingConfig } from '../../../server/releases/release-command';
import { importRelease } from '../../../server/releases/import-command';
import { releaseHashAndFiles } from '../../../server/releases/repository';
import { snapshotConfig } from '../../../server/releases/snapshot';
import { defaultStepSchemasDir } from '../../../server/validation/step-validators';
import { type TestApp, signIn, startTime } from '../helpers';
import { bearer, opsCall, opsToken, startOpsApp } from '../ops-fixtures';
import { setUserRow } from '../step-fixtures';
import { createTestDatabase } from '../test-database';

/** Issue 29, releases: the checked config frozen under a hash and a number, listed by the API and the CLI. */

const tempDirs: string[] = [];
function configCopy(edit: (dir: string) => void = () => {}): string {
  const root = mkdtempSync(join(tmpdir(), 'onboard-release-'));
  tempDirs.push(root);
  const dir = join(root, 'flow-config');
  cpSync(defaultConfigDir, dir, { recursive: true });
  edit(dir);
  return dir;
}

function editJson(file: string, change: (json: Record<string, unknown>) => void): void {
  const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(json);
  writeFileSync(file, JSON.stringify(json, null, 2));
}

/** A reworded heading alone: a release of wording. */
const rewordedOnly = (dir: string) =>
  editJson(join(dir, 'pages', 'pan.json'), (file) => {
    const pages = file.pages as Record<string, { copy: Record<string, string> }>;
    pages['/verify-pan']!.copy.title = 'Verify your PAN card';
  });
/** Fewer nominees allowed: a change of the rules (not wording), which open applications do not take. */
const fewerNominees = (dir: string) => editJson(join(dir, 'flow.json'), (flow) => ((flow.settings as { maxNominees: number }).maxNominees = 9));
/** A reworded heading and a rule: a release that keeps open applications where they are. */
const reworded = (dir: string) => {
  rewordedOnly(dir);
  fewerNominees(dir);
};

async function releases(t: TestApp): Promise<OpsReleaseList['releases']> {
  const { status, body } = await opsCall<OpsReleaseList>(t, 'GET', '/api/ops/releases');
  expect(status).toBe(200);
  return body.releases;
}

async function userRow(t: TestApp, phone: string) {
  const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
  try {
    return await db.selectFrom('users').select(['id', 'config_release', 'next_step']).where('phone', '=', phone).executeTakeFirstOrThrow();
  } finally {
    await db.destroy();
  }
}
const releaseOf = async (t: TestApp, phone: string) => (await userRow(t, phone)).config_release;
const nextStepOf = async (t: TestApp, phone: string) => (await userRow(t, phone)).next_step;
const userIdOfPhone = async (t: TestApp, phone: string) => (await userRow(t, phone)).id;

const release = (t: TestApp, configDir: string, createdBy = 'compliance@broker.in') =>
  releaseWorkingConfig({ configDir, stepSchemasDir: defaultStepSchemasDir, dataDir: t.dir, databaseUrl: t.databaseUrl, createdBy, now: startTime + 60_000 });

let t: TestApp;
beforeAll(async () => {
  t = await startOpsApp();
});
afterAll(async () => {
  await t.close();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('config releases', () => {
  it('a fresh database: the running config becomes release 1 at start, current, and new sign-ups are pinned to it', async () => {
    const shipped = snapshotConfig(defaultConfigDir, defaultStepSchemasDir);
    expect(shipped.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(Object.keys(shipped.files)).toEqual(expect.arrayContaining(['flow-config/flow.json', 'flow-config/languages/hi/messages.json', 'schemas/step-data/personal-details.schema.json', 'schemas/lists/occupation.json']));
    expect(Object.keys(shipped.files).filter((path) => path.endsWith('.md'))).toEqual([]);
    const [first] = await releases(t);
    expect(first).toEqual({ id: expect.any(String), number: 1, hash: shipped.hash, createdBy: 'server start', createdAt: new Date(startTime).toISOString(), current: true, openApplications: 0, retired: false, running: true, client: 'ready' });

    const { phone } = await signIn(t);
    expect(await releaseOf(t, phone)).toBe(1);
    expect((await releases(t))[0]?.openApplications).toBe(1);
  });

  it('GET /api/ops/releases needs the ops credentials', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/releases' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/ops/releases', headers: bearer('not-the-token-0123456789abcdef0123456789') })).statusCode).toBe(401);
  });

  it('config:release makes release 2 from a changed config; applicants already open stay on 1, new sign-ups start on 2', async () => {
    const before = await signIn(t);
    const made = await release(t, configCopy(reworded));
    expect(made).toMatchObject({ created: true, release: { number: 2, created_by: 'compliance@broker.in' } });
    const after = await signIn(t);
    expect(await releaseOf(t, before.phone)).toBe(1);
    expect(await releaseOf(t, after.phone)).toBe(2);

    const listed = await releases(t);
    expect(listed.map(({ number, current, openApplications, retired, createdBy }) => ({ number, current, openApplications, retired, createdBy }))).toEqual([
      { number: 2, current: true, openApplications: 1, retired: false, createdBy: 'compliance@broker.in' },
      { number: 1, current: false, openApplications: 2, retired: false, createdBy: 'server start' },
    ]);
    expect(listed.map(({ running }) => running)).toEqual([false, true]);
    expect(listed[0]?.hash).toBe(made.release.hash);
    expect(listed[0]?.hash).not.toBe(listed[1]?.hash);
  });

  it('config:import writes release 2 into a checkout: the changed files written, a file it lacks removed; again, nothing to do', async () => {
    const root = mkdtempSync(join(tmpdir(), 'onboard-import-'));
    tempDirs.push(root);
    cpSync(defaultConfigDir, join(root, 'flow-config'), { recursive: true });
    cpSync(join(defaultStepSchemasDir, '..'), join(root, 'schemas'), { recursive: true });
    writeFileSync(join(root, 'flow-config', 'pages', 'stray.json'), '{ "pages": {} }');
    const options = { number: 2, configDir: join(root, 'flow-config'), stepSchemasDir: join(root, 'schemas', 'step-data'), dataDir: t.dir, databaseUrl: t.databaseUrl };
    const imported = await importRelease(options);
    expect(imported).toEqual({ hash: (await releases(t)).find(({ number }) => number === 2)?.hash, written: ['flow-config/flow.json', 'flow-config/pages/pan.json'], removed: ['flow-config/pages/stray.json'] });
    expect(snapshotConfig(options.configDir, options.stepSchemasDir).hash).toBe(imported.hash);
    expect(readFileSync(join(root, 'flow-config', 'pages', 'pan.json'), 'utf8')).toContain('Verify your PAN card');
    expect(await importRelease(options)).toMatchObject({ written: [], removed: [] });
    await expect(importRelease({ ...options, number: 99 })).rejects.toThrow('there is no config release 99 in the database');
  });

  it('releasing an unchanged config makes nothing; a config that fails the check is refused with its problem and nothing is stored', async () => {
    const again = await release(t, configCopy(reworded));
    expect(again).toMatchObject({ created: false, release: { number: 2 } });
    const broken = configCopy((dir) => editJson(join(dir, 'flow.json'), (flow) => (flow.steps = 'none')));
    const refused = release(t, broken);
    await expect(refused).rejects.toBeInstanceOf(ConfigError);
    await expect(refused).rejects.toThrow('flow-config/flow.json: /steps must be array');
    expect((await releases(t)).map(({ number }) => number)).toEqual([2, 1]);
  });

  it('a restart on a database with releases makes none, whatever the working config', async () => {
    const restarted: FastifyInstance = await buildApp({
      dataDir: t.dir,
      ...(t.databaseUrl ? { databaseUrl: t.databaseUrl } : {}),
      configDir: configCopy(),
      clock: () => startTime,
      secret: 'test-secret',
      staticDir: join(t.dir, 'no-client-build'),
      bank: { branchSnapshot: false },
      sweepIntervalMs: 0,
      opsToken,
    });
    try {
      const answer = await restarted.inject({ method: 'GET', url: '/api/ops/releases', headers: bearer() });
      expect(answer.json<OpsReleaseList>().releases.map(({ number }) => number)).toEqual([2, 1]);
    } finally {
      await restarted.close();
    }
  });

  it('npm run ops -- releases lists them, newest first, the current one marked', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const out: string[] = [];
    const code = await main(['releases'], { env: { OPS_URL: baseUrl, OPS_TOKEN: opsToken }, fetch, out: (text) => out.push(text), err: (text) => out.push(text) });
    expect(code).toBe(0);
    const [header, second, first] = out.join('\n').split('\n');
    expect(header).toMatch(/^RELEASE +SHA-256 +CREATED BY +WHEN +OPEN APPLICATIONS +ID$/);
    expect(second).toMatch(/^2 +current +[0-9a-f]{12} +compliance@broker\.in +2026-01-15 10:01:00Z +1 +[0-9a-f-]{36}$/);
    expect(first).toMatch(/^1 +running +[0-9a-f]{12} +server start +2026-01-15 10:00:00Z +2 +[0-9a-f-]{36}$/);
  });

  it('release 1 retires once its last open application is submitted; its files stay readable, and the CLI says so', async () => {
    const db = createDatabase({ dataDir: t.dir, databaseUrl: t.databaseUrl });
    try {
      await db.updateTable('users').set({ submitted_at: startTime + 120_000 }).where('config_release', '=', 1).execute();
      const listed = await releases(t);
      expect(listed.map(({ number, current, openApplications, retired }) => ({ number, current, openApplications, retired }))).toEqual([
        { number: 2, current: true, openApplications: 1, retired: false },
        { number: 1, current: false, openApplications: 0, retired: true },
      ]);
      const kept = await releaseHashAndFiles(db, 1);
      expect(kept?.hash).toBe(listed[1]?.hash);
      expect(Object.keys(kept?.files() ?? {})).toContain('flow-config/pages/pan.json');
    } finally {
      await db.destroy();
    }
    // Listening since the CLI test above.
    const { port } = t.app.server.address() as AddressInfo;
    const out: string[] = [];
    expect(await main(['releases'], { env: { OPS_URL: `http://127.0.0.1:${port}`, OPS_TOKEN: opsToken }, fetch, out: (text) => out.push(text), err: (text) => out.push(text) })).toBe(0);
    expect(out.join('\n').split('\n')[2]).toMatch(/^1 +retired, running +[0-9a-f]{12} +server start +2026-01-15 10:00:00Z +0 +[0-9a-f-]{36}$/);
  });
});

describe('a release of wording alone', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await startOpsApp();
  });
  afterAll(() => fresh.close());

  it("takes the newest release's open applications along (rewording reaches everyone at once); applications on older releases stay", async () => {
    const first = await signIn(fresh);
    await release(fresh, configCopy(fewerNominees));
    expect(await releaseOf(fresh, first.phone)).toBe(1);
    const second = await signIn(fresh);
    expect(await releaseOf(fresh, second.phone)).toBe(2);
    const wording = await release(fresh, configCopy(reworded));
    expect(wording.release.number).toBe(3);
    expect({ first: await releaseOf(fresh, first.phone), second: await releaseOf(fresh, second.phone) }).toEqual({ first: 1, second: 3 });
  });
});

/** The shipped config without the tax residency step: its flow entry, progress group member, panel and pages. */
function withoutTaxResidency(dir: string): void {
  const strip = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(strip) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'tax_residency').map(([key, item]) => [key, strip(item)])) : value;
  editJson(join(dir, 'flow.json'), (flow) => {
    const stripped = strip(flow) as Record<string, unknown> & { steps: { id: string }[]; progress: { groups: { steps: string[] }[] } };
    stripped.steps = stripped.steps.filter((step) => step.id !== 'tax_residency');
    for (const group of stripped.progress.groups) group.steps = group.steps.filter((step) => step !== 'tax_residency');
    for (const key of Object.keys(flow)) delete flow[key];
    Object.assign(flow, stripped);
  });
  editJson(join(dir, 'languages', 'hi', 'flow.json'), (flow) => {
    const stripped = strip(flow) as Record<string, unknown>;
    for (const key of Object.keys(flow)) delete flow[key];
    Object.assign(flow, stripped);
  });
  rmSync(join(dir, 'pages', 'tax-residency.json'));
  rmSync(join(dir, 'languages', 'hi', 'pages', 'tax-residency.json'), { force: true });
  // The eSign preview's section of its answers, in both languages (the Hindi titles go by position).
  type PreviewPages = { pages: Record<string, { options?: { preview?: { fields?: string[] }[] } }> };
  let section = -1;
  editJson(join(dir, 'pages', 'identity.json'), (file) => {
    const preview = (file as unknown as PreviewPages).pages['/aadhaar-esign']?.options?.preview ?? [];
    section = preview.findIndex((entry) => entry.fields?.every((field) => field.startsWith('tax_residency.')));
    if (section >= 0) preview.splice(section, 1);
  });
  editJson(join(dir, 'languages', 'hi', 'pages', 'identity.json'), (file) => {
    if (section >= 0) (file as unknown as PreviewPages).pages['/aadhaar-esign']?.options?.preview?.splice(section, 1);
  });
}

describe('the release check: a release that removes a step open applications wait at', () => {
  it('is refused, naming how many and which; nothing is stored and nobody moves', async () => {
    const o = await startOpsApp();
    try {
      const waiting = [await signIn(o), await signIn(o)];
      for (const who of waiting) await setUserRow(o, who.phone, { next_step: 'tax_residency' });
      const ids = (await Promise.all(waiting.map((who) => userIdOfPhone(o, who.phone)))).sort();
      const removed = configCopy(withoutTaxResidency);
      const refused = releaseWorkingConfig({ configDir: removed, stepSchemasDir: defaultStepSchemasDir, dataDir: o.dir, databaseUrl: o.databaseUrl, createdBy: 'product', now: startTime });
      await expect(refused).rejects.toBeInstanceOf(ReleaseRefused);
      await expect(refused).rejects.toThrow(
        [
          'config release refused: it would strand 2 open applications whose next step is not in the new flow-config/flow.json:',
          `  2 at 'tax_residency': ${ids.join(', ')}`,
          'Keep the step, or name where they go on: npm run config:release -- --move <old step>=<new step>',
        ].join('\n'),
      );
      expect((await releases(o)).map(({ number, openApplications }) => ({ number, openApplications }))).toEqual([{ number: 1, openApplications: 2 }]);
      expect(await nextStepOf(o, waiting[0]!.phone)).toBe('tax_residency');
    } finally {
      await o.close();
    }
  });

  it('with a migration (--move tax_residency=bank_details) it is made, recorded, and moves them on to that step of the new release', async () => {
    const o = await startOpsApp();
    try {
      const who = await signIn(o);
      await setUserRow(o, who.phone, { next_step: 'tax_residency' });
      const removed = configCopy(withoutTaxResidency);
      const options = { configDir: removed, stepSchemasDir: defaultStepSchemasDir, dataDir: o.dir, databaseUrl: o.databaseUrl, createdBy: 'product', now: startTime };
      await expect(releaseWorkingConfig({ ...options, moves: { tax_residency: 'verified' } })).rejects.toThrow("--move tax_residency=verified: 'verified' is not a journey step of the new flow-config/flow.json");
      const made = await releaseWorkingConfig({ ...options, moves: { tax_residency: 'bank_details' } });
      expect(made).toMatchObject({ created: true, release: { number: 2, migration: JSON.stringify({ moves: { tax_residency: 'bank_details' } }) } });
      expect(await nextStepOf(o, who.phone)).toBe('bank_details');
      expect(await releaseOf(o, who.phone)).toBe(2);
    } finally {
      await o.close();
    }
  });

  it('a release that removes a step nobody waits at needs no migration', async () => {
    const o = await startOpsApp();
    try {
      await signIn(o);
      const made = await releaseWorkingConfig({ configDir: configCopy(withoutTaxResidency), stepSchemasDir: defaultStepSchemasDir, dataDir: o.dir, databaseUrl: o.databaseUrl, createdBy: 'product', now: startTime });
      expect(made).toMatchObject({ created: true, release: { number: 2, migration: null } });
    } finally {
      await o.close();
    }
  });
});

describe('migration 100 on a database already past it', () => {
  it('applies after 110-120 ran, and the first release pins the applications opened before it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'onboard-release-migration-'));
    tempDirs.push(dataDir);
    const database = await createTestDatabase();
    const db = createDatabase({ dataDir, databaseUrl: database.url });
    try {
      const { '100-config-releases': _releases, ...before } = migrations;
      expect((await new Migrator({ db, provider: { getMigrations: async () => before } }).migrateToLatest()).error).toBeUndefined();
      await db.insertInto('users').values({ id: 'opened-before', phone: '9876500100', email_verified: 0, rejected_steps: '{}', next_step: 'pan_verification', created_at: 1, updated_at: 1 } as never).execute();
      await migrateToLatest(db);
      const shipped = snapshotConfig(defaultConfigDir, defaultStepSchemasDir);
      expect(await ensureFirstRelease(db, shipped, startTime)).toMatchObject({ newest: { number: 1, hash: shipped.hash }, runningIsNewest: true });
      expect((await db.selectFrom('users').select('config_release').where('id', '=', 'opened-before').executeTakeFirstOrThrow()).config_release).toBe(1);
      expect(await ensureFirstRelease(db, snapshotConfig(configCopy(reworded), defaultStepSchemasDir), startTime)).toMatchObject({ newest: { number: 1 }, runningIsNewest: false });
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

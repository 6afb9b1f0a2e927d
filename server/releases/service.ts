import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { OpsRelease } from '../../core/api/types';
import type { Database } from '../db/schema';
import { insertRelease, listReleases, newestRelease, openApplicationsByRelease, pinUnpinnedApplications, type ReleaseSummary } from './repository';
import type { ConfigSnapshot } from './snapshot';

/** Who made the release the server makes at its first start, as the list shows it. */
export const firstStartAuthor = 'server start';

export interface MadeRelease {
  release: ReleaseSummary;
  /** False when the config is the newest release's already: nothing new was made. */
  created: boolean;
}

/** Attempts before giving up when other instances keep taking the next number: each attempt re-reads the newest. */
const numberAttempts = 5;

/**
 * Makes `snapshot` the newest release, numbered after the newest; the newest itself when its hash is the same (a
 * release of an unchanged config is no release). The first release also pins the applications opened before releases.
 */
export async function makeRelease(db: Kysely<Database>, snapshot: ConfigSnapshot, createdBy: string, now: number): Promise<MadeRelease> {
  for (let attempt = 0; attempt < numberAttempts; attempt += 1) {
    const newest = await newestRelease(db);
    if (newest?.hash === snapshot.hash) return { release: newest, created: false };
    const release: ReleaseSummary = { id: randomUUID(), number: (newest?.number ?? 0) + 1, hash: snapshot.hash, created_by: createdBy, created_at: now };
    if (await insertRelease(db, release, snapshot)) {
      if (release.number === 1) await pinUnpinnedApplications(db, release.number);
      return { release, created: true };
    }
  }
  throw new Error(`config release: the next release number was taken ${numberAttempts} times in a row; try again`);
}

/**
 * At server start: with no release yet, the running config becomes release 1 (a clean clone works with `npm start`
 * unchanged). With releases, nothing is made: a release is made on purpose (`npm run config:release`); the answer
 * says whether the running config is the newest release, for the start-up log.
 */
export async function ensureFirstRelease(db: Kysely<Database>, snapshot: ConfigSnapshot, now: number): Promise<{ newest: ReleaseSummary; runningIsNewest: boolean }> {
  const newest = await newestRelease(db);
  if (newest) return { newest, runningIsNewest: newest.hash === snapshot.hash };
  const { release } = await makeRelease(db, snapshot, firstStartAuthor, now);
  return { newest: release, runningIsNewest: release.hash === snapshot.hash };
}

/** GET /api/ops/releases: every release, newest first, with the open applications pinned to it. */
export async function releasesForOps(db: Kysely<Database>): Promise<OpsRelease[]> {
  const [releases, open] = await Promise.all([listReleases(db), openApplicationsByRelease(db)]);
  const current = releases[0]?.number;
  return releases.map((release) => ({
    id: release.id,
    number: release.number,
    hash: release.hash,
    createdBy: release.created_by,
    createdAt: new Date(Number(release.created_at)).toISOString(),
    current: release.number === current,
    openApplications: open.get(release.number) ?? 0,
  }));
}

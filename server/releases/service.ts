import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { OpsRelease } from '../../core/api/types';
import type { Database } from '../db/schema';
import { type StrandedStep, strandedApplications, strandingMessage } from '../../core/engine/stranding';
import type { FlowConfig } from '../../core/engine/flow-types';
import { structureOf } from '../../core/studio/texts';
import {
  insertRelease,
  listReleases,
  moveOpenApplications,
  newestRelease,
  openApplications,
  openApplicationsByRelease,
  pinUnpinnedApplications,
  releaseHashAndFiles,
  repinOpenApplications,
  type ReleaseSummary,
} from './repository';
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

/** A release refused by the release check: it would strand open applications (their next step gone). */
export class ReleaseRefused extends Error {
  constructor(readonly stranded: StrandedStep[]) {
    super(strandingMessage(stranded));
  }
}

export interface ReleaseRules {
  /** The new config's flow: open applications whose next step it lacks are stranded unless moved. */
  flow: FlowConfig;
  /** The release's migration: open applications at each old step go on at the new one (a journey step of `flow`). */
  moves?: Readonly<Record<string, string>>;
}

/**
 * Makes `snapshot` the newest release, numbered after the newest; the newest itself when its hash is the same (a
 * release of an unchanged config is no release). With `rules`, the release check runs in the same transaction: a
 * release that would strand open applications is refused (ReleaseRefused, naming them), and its moves are applied.
 * The first release also pins the applications opened before releases. A release that changes the newest one's
 * wording alone (the same files once every text is blanked) takes its open applications along: rewording reaches
 * everyone at once; any other change keeps them on the release they are on.
 */
async function wordingOnly(trx: Transaction<Database>, newest: number, snapshot: ConfigSnapshot): Promise<boolean> {
  const stored = await releaseHashAndFiles(trx, newest);
  return stored !== undefined && structureOf(stored.files()) === structureOf(snapshot.files);
}

export async function makeRelease(db: Kysely<Database>, snapshot: ConfigSnapshot, createdBy: string, now: number, rules?: ReleaseRules): Promise<MadeRelease> {
  const moves = rules?.moves ?? {};
  for (let attempt = 0; attempt < numberAttempts; attempt += 1) {
    const made = await db.transaction().execute(async (trx): Promise<MadeRelease | undefined> => {
      const newest = await newestRelease(trx);
      if (newest?.hash === snapshot.hash) return { release: newest, created: false };
      if (rules) {
        const stranded = strandedApplications(await openApplications(trx), rules.flow, moves);
        if (stranded.length > 0) throw new ReleaseRefused(stranded);
      }
      const migration = Object.keys(moves).length > 0 ? JSON.stringify({ moves }) : null;
      const release: ReleaseSummary = { id: randomUUID(), number: (newest?.number ?? 0) + 1, hash: snapshot.hash, created_by: createdBy, created_at: now, migration };
      if (!(await insertRelease(trx, release, snapshot))) return undefined;
      await moveOpenApplications(trx, moves, release.number);
      if (release.number === 1) await pinUnpinnedApplications(trx, release.number);
      else if (newest && (await wordingOnly(trx, newest.number, snapshot))) await repinOpenApplications(trx, newest.number, release.number);
      return { release, created: true };
    });
    if (made) return made;
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

/**
 * GET /api/ops/releases: every release, newest first, with the open applications pinned to it. A release retires
 * when it is no longer current and its last open application is submitted; its row and files are never deleted.
 * `runningHash`: the files this server was started with; `clientStatus`: whether each release's browser client is built.
 */
export async function releasesForOps(db: Kysely<Database>, runningHash: string, clientStatus: (hash: string) => OpsRelease['client'] = () => 'ready'): Promise<OpsRelease[]> {
  const [releases, open] = await Promise.all([listReleases(db), openApplicationsByRelease(db)]);
  const current = releases[0]?.number;
  return releases.map((release) => {
    const openApplications = open.get(release.number) ?? 0;
    return {
      id: release.id,
      number: release.number,
      hash: release.hash,
      createdBy: release.created_by,
      createdAt: new Date(Number(release.created_at)).toISOString(),
      current: release.number === current,
      openApplications,
      retired: release.number !== current && openApplications === 0,
      running: release.hash === runningHash,
      client: clientStatus(release.hash),
    };
  });
}

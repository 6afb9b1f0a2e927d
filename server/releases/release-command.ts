import { moveProblems } from '../../core/engine/stranding';
import { ConfigError, loadConfig } from '../config/load-config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { builtRelease } from './built-release';
import { buildReleaseClient, releaseClientReady } from './client-build';
import { type MadeRelease, makeRelease } from './service';
import { type ConfigSnapshot, snapshotConfig } from './snapshot';

export interface ReleaseCommandOptions {
  configDir: string;
  stepSchemasDir: string;
  /** Where the server keeps its SQLite database (DATA_DIR), unless `databaseUrl` names PostgreSQL. */
  dataDir: string;
  databaseUrl?: string | undefined;
  createdBy: string;
  now: number;
  smsVendor?: string | undefined;
  production?: boolean;
  /** `--move <old step>=<new step>`: where open applications whose next step the release removes go on. */
  moves?: Readonly<Record<string, string>>;
  /**
   * Build the release's browser client into `root` before returning (`--no-client`: undefined), unless the server's
   * own build (`serverBuild`, dist/) or an earlier build is of this release already.
   */
  client?: { root: string; serverBuild: string } | undefined;
}

/** What became of the release's browser client: built now, built before, not asked for, or failed (why). */
export type ReleaseClient = { status: 'built' | 'ready' | 'skipped' } | { status: 'failed'; problem: string };

async function releaseClient(snapshot: ConfigSnapshot, client: ReleaseCommandOptions['client']): Promise<ReleaseClient> {
  if (!client) return { status: 'skipped' };
  if (builtRelease(client.serverBuild) === snapshot.hash || releaseClientReady(client.root, snapshot.hash)) return { status: 'ready' };
  try {
    await buildReleaseClient({ root: client.root, hash: snapshot.hash, files: snapshot.files });
    return { status: 'built' };
  } catch (error) {
    return { status: 'failed', problem: (error as Error).message };
  }
}

/**
 * `npm run config:release`: the working config, checked exactly as check:config checks it (a ConfigError otherwise,
 * and nothing is stored), frozen as the next release in the server's database; refused (ReleaseRefused) when it would
 * strand open applications its `moves` do not move on. Then its browser client is built (a failed build leaves the
 * release made: new sign-ups stay on the newest release whose client is built, and the server tries again at start).
 */
export async function releaseWorkingConfig(options: ReleaseCommandOptions): Promise<MadeRelease & { client: ReleaseClient }> {
  const { flow } = loadConfig(options.configDir, { stepSchemasDir: options.stepSchemasDir, smsVendor: options.smsVendor, production: options.production ?? false });
  const moves = options.moves ?? {};
  const wrongMoves = moveProblems(flow, moves);
  if (wrongMoves.length > 0) throw new ConfigError(wrongMoves);
  const snapshot = snapshotConfig(options.configDir, options.stepSchemasDir);
  const db = createDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  let made: MadeRelease;
  try {
    await migrateToLatest(db);
    made = await makeRelease(db, snapshot, options.createdBy, options.now, { flow, moves });
  } finally {
    await db.destroy();
  }
  // New sign-ups start on it once its client is built: a server serving pages picks the newest release with one.
  return { ...made, client: await releaseClient(snapshot, options.client) };
}

import { moveProblems } from '../../core/engine/stranding';
import { ConfigError, loadConfig } from '../config/load-config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { type MadeRelease, makeRelease } from './service';
import { snapshotConfig } from './snapshot';

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
}

/**
 * `npm run config:release`: the working config, checked exactly as check:config checks it (a ConfigError otherwise,
 * and nothing is stored), frozen as the next release in the server's database; refused (ReleaseRefused) when it would
 * strand open applications its `moves` do not move on.
 */
export async function releaseWorkingConfig(options: ReleaseCommandOptions): Promise<MadeRelease> {
  const { flow } = loadConfig(options.configDir, { stepSchemasDir: options.stepSchemasDir, smsVendor: options.smsVendor, production: options.production ?? false });
  const moves = options.moves ?? {};
  const wrongMoves = moveProblems(flow, moves);
  if (wrongMoves.length > 0) throw new ConfigError(wrongMoves);
  const snapshot = snapshotConfig(options.configDir, options.stepSchemasDir);
  const db = createDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    await migrateToLatest(db);
    return await makeRelease(db, snapshot, options.createdBy, options.now, { flow, moves });
  } finally {
    await db.destroy();
  }
}

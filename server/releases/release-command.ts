import { loadConfig } from '../config/load-config';
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
}

/**
 * `npm run config:release`: the working config, checked exactly as check:config checks it (a ConfigError otherwise,
 * and nothing is stored), frozen as the next release in the server's database.
 */
export async function releaseWorkingConfig(options: ReleaseCommandOptions): Promise<MadeRelease> {
  loadConfig(options.configDir, { stepSchemasDir: options.stepSchemasDir, smsVendor: options.smsVendor, production: options.production ?? false });
  const snapshot = snapshotConfig(options.configDir, options.stepSchemasDir);
  const db = createDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  try {
    await migrateToLatest(db);
    return await makeRelease(db, snapshot, options.createdBy, options.now);
  } finally {
    await db.destroy();
  }
}

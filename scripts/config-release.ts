import { join } from 'node:path';
import { userInfo } from 'node:os';
import { configDir, stepSchemasDir } from '../server/config/config-dirs';
import { ConfigError } from '../server/config/load-config';
import { releaseWorkingConfig } from '../server/releases/release-command';

/**
 * `npm run config:release [-- --by <name>]`: freezes flow-config/ and schemas/ (or ONBOARD_CONFIG_DIR and
 * ONBOARD_STEP_SCHEMAS_DIR), once check:config passes, as the next config release in the server's database
 * (DATABASE_URL, or SQLite in DATA_DIR, default ./data). New sign-ups start on it. Exit 1: the check failed or the
 * database refused; 2: a wrong command line.
 */
function releasedBy(args: string[]): string {
  if (args.length === 0) return process.env.ONBOARD_RELEASED_BY?.trim() || userInfo().username;
  if (args.length === 2 && args[0] === '--by' && args[1]?.trim()) return args[1].trim();
  console.error('Usage: npm run config:release [-- --by <name>]');
  process.exit(2);
}

const createdBy = releasedBy(process.argv.slice(2));
try {
  const { release, created } = await releaseWorkingConfig({
    configDir,
    stepSchemasDir,
    dataDir: process.env.DATA_DIR?.trim() || join(process.cwd(), 'data'),
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
    createdBy,
    now: Date.now(),
    smsVendor: process.env.SMS_VENDOR,
    production: process.env.NODE_ENV === 'production',
  });
  console.log(
    created
      ? `config release ${release.number} made by ${release.created_by} (sha256 ${release.hash}); new applications start on it`
      : `config unchanged: it is release ${release.number} already (sha256 ${release.hash})`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `config release failed: ${(error as Error).message}`);
  process.exit(1);
}

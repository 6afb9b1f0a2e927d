import { join } from 'node:path';
import { userInfo } from 'node:os';
import { configDir, stepSchemasDir } from '../server/config/config-dirs';
import { ConfigError } from '../server/config/load-config';
import { releaseWorkingConfig } from '../server/releases/release-command';
import { ReleaseRefused } from '../server/releases/service';

/**
 * `npm run config:release [-- --by <name>] [--move <old step>=<new step> ...]`: freezes flow-config/ and schemas/ (or ONBOARD_CONFIG_DIR and
 * ONBOARD_STEP_SCHEMAS_DIR), once check:config passes, as the next config release in the server's database
 * (DATABASE_URL, or SQLite in DATA_DIR, default ./data). New sign-ups start on it. A release that would strand open
 * applications (their next step gone) is refused, naming them, unless `--move` says where they go on. Exit 1: the
 * check failed, the release check refused or the database did; 2: a wrong command line.
 */
const usage = 'Usage: npm run config:release [-- --by <name>] [--move <old step>=<new step> ...]';

function parseArgs(args: string[]): { createdBy: string; moves: Record<string, string> } {
  let createdBy = process.env.ONBOARD_RELEASED_BY?.trim() || userInfo().username;
  const moves: Record<string, string> = {};
  for (let i = 0; i < args.length; i += 2) {
    const [name, value = ''] = [args[i], args[i + 1]?.trim()];
    const at = value.indexOf('=');
    if (name === '--by' && value) createdBy = value;
    else if (name === '--move' && at > 0 && at < value.length - 1 && !(value.slice(0, at) in moves)) moves[value.slice(0, at)] = value.slice(at + 1);
    else {
      console.error(usage);
      process.exit(2);
    }
  }
  return { createdBy, moves };
}

const { createdBy, moves } = parseArgs(process.argv.slice(2));
try {
  const { release, created } = await releaseWorkingConfig({
    configDir,
    stepSchemasDir,
    dataDir: process.env.DATA_DIR?.trim() || join(process.cwd(), 'data'),
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
    createdBy,
    moves,
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
  console.error(error instanceof ConfigError || error instanceof ReleaseRefused ? error.message : `config release failed: ${(error as Error).message}`);
  process.exit(1);
}

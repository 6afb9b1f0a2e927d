import { join } from 'node:path';
import { userInfo } from 'node:os';
import { defaultStaticDir } from '../server/app-options';
import { configDir, stepSchemasDir } from '../server/config/config-dirs';
import { defaultClientReleasesDir } from '../server/releases/client-build';
import { ConfigError } from '../server/config/load-config';
import { releaseWorkingConfig } from '../server/releases/release-command';
import { ReleaseRefused } from '../server/releases/service';

/**
 * `npm run config:release [-- --by <name>] [--move <old step>=<new step> ...] [--no-client]`: freezes flow-config/ and schemas/ (or ONBOARD_CONFIG_DIR and
 * ONBOARD_STEP_SCHEMAS_DIR), once check:config passes, as the next config release in the server's database
 * (DATABASE_URL, or SQLite in DATA_DIR, default ./data). New sign-ups start on it. A release that would strand open
 * applications (their next step gone) is refused, naming them, unless `--move` says where they go on. Then it builds
 * the release's browser client into dist-releases/<sha256> (or ONBOARD_CLIENT_RELEASES_DIR): a server serving pages
 * starts new sign-ups on the newest release whose client is built. `--no-client` skips that (an API-only server).
 * Exit 1: the check failed, the release check refused, the database or the client build failed; 2: a wrong command line.
 */
const usage = 'Usage: npm run config:release [-- --by <name>] [--move <old step>=<new step> ...] [--no-client]';

function parseArgs(args: string[]): { createdBy: string; moves: Record<string, string>; client: boolean } {
  let createdBy = process.env.ONBOARD_RELEASED_BY?.trim() || userInfo().username;
  const moves: Record<string, string> = {};
  let client = true;
  for (let i = 0; i < args.length; i += 2) {
    const [name, value = ''] = [args[i], args[i + 1]?.trim()];
    const at = value.indexOf('=');
    if (name === '--no-client') {
      client = false;
      i -= 1;
    } else if (name === '--by' && value) createdBy = value;
    else if (name === '--move' && at > 0 && at < value.length - 1 && !(value.slice(0, at) in moves)) moves[value.slice(0, at)] = value.slice(at + 1);
    else {
      console.error(usage);
      process.exit(2);
    }
  }
  return { createdBy, moves, client };
}

const { createdBy, moves, client: buildClient } = parseArgs(process.argv.slice(2));
try {
  const { release, created, client } = await releaseWorkingConfig({
    configDir,
    stepSchemasDir,
    dataDir: process.env.DATA_DIR?.trim() || join(process.cwd(), 'data'),
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
    createdBy,
    moves,
    now: Date.now(),
    smsVendor: process.env.SMS_VENDOR,
    production: process.env.NODE_ENV === 'production',
    client: buildClient ? { root: defaultClientReleasesDir, serverBuild: defaultStaticDir } : undefined,
  });
  console.log(
    created
      ? `config release ${release.number} made by ${release.created_by} (sha256 ${release.hash}); new applications start on it${client.status === 'skipped' ? '' : ' once its browser client is built'}`
      : `config unchanged: it is release ${release.number} already (sha256 ${release.hash})`,
  );
  if (client.status === 'built') console.log(`its browser client is built in ${defaultClientReleasesDir}/${release.hash}`);
  if (client.status === 'failed') {
    console.error(`its browser client failed to build, so new sign-ups stay on the newest release whose client is built (a server retries at its next start):\n${client.problem}`);
    process.exit(1);
  }
} catch (error) {
  console.error(error instanceof ConfigError || error instanceof ReleaseRefused ? error.message : `config release failed: ${(error as Error).message}`);
  process.exit(1);
}

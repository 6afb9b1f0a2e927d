import { join } from 'node:path';
import { configDir, stepSchemasDir } from '../server/config/config-dirs';
import { importRelease } from '../server/releases/import-command';

/**
 * `npm run config:import <release number>`: writes that config release (one the studio published, say) from the
 * server's database (DATABASE_URL, or SQLite in DATA_DIR, default ./data) into flow-config/ and schemas/ (or
 * ONBOARD_CONFIG_DIR and ONBOARD_STEP_SCHEMAS_DIR), so git holds what applicants are served. Exit 1: no such release
 * or the database failed; 2: a wrong command line.
 */
const usage = 'Usage: npm run config:import <release number>';
const [argument, ...rest] = process.argv.slice(2);
const number = Number(argument);
if (rest.length > 0 || !Number.isInteger(number) || number < 1) {
  console.error(usage);
  process.exit(2);
}
try {
  const { hash, written, removed } = await importRelease({
    number,
    configDir,
    stepSchemasDir,
    dataDir: process.env.DATA_DIR?.trim() || join(process.cwd(), 'data'),
    databaseUrl: process.env.DATABASE_URL?.trim() || undefined,
  });
  if (written.length === 0 && removed.length === 0) console.log(`the files are config release ${number} already (sha256 ${hash})`);
  else {
    for (const path of written) console.log(`written  ${path}`);
    for (const path of removed) console.log(`removed  ${path}`);
    console.log(`config release ${number} (sha256 ${hash}) is in the files: review the change with git diff, then commit it`);
  }
} catch (error) {
  console.error(`config import failed: ${(error as Error).message}`);
  process.exit(1);
}

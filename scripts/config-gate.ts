import type { ConfigBundle } from '../core/engine/config-types';
import { ConfigError, loadConfig } from '../server/config/load-config';

/**
 * The config check every command runs before it builds or serves anything (check:config, start, build, dev, and
 * the client build itself): flow-config/ and schemas/, or ONBOARD_CONFIG_DIR and ONBOARD_STEP_SCHEMAS_DIR; with SMS_VENDOR
 * set, each SMS text's template ids that vendor sends (flow-config/sms.json) as the server checks them; with NODE_ENV=production,
 * no example address or id left in messages.json (links, brand). A problem
 * is printed as the check words it (file and JSON path), never as a stack trace, and the process exits 1.
 */
export function checkConfigOrExit(dir?: string): ConfigBundle {
  try {
    return loadConfig(dir, { smsVendor: process.env.SMS_VENDOR, production: process.env.NODE_ENV === 'production' });
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : `flow-config could not be checked: ${(error as Error).message}`);
    process.exit(1);
  }
}

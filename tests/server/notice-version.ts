import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultConfigDir } from '../../server/config/load-config';

/** The Privacy Notice's current version: what a first sign-in accepts, as /login sends it. */
export const noticeVersion = (JSON.parse(readFileSync(join(defaultConfigDir, 'privacy.json'), 'utf8')) as { notice: { version: string } }).notice.version;

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDir } from './private-files';
import { randomToken } from './secrets';

export const secretFileName = 'secret';

/**
 * The key for OTP hashes: the given one (APP_SECRET), else DATA_DIR/secret, created once with mode 0600.
 * Several instances sharing one PostgreSQL database must share APP_SECRET.
 */
export function loadAppSecret(dataDir: string, given?: string): string {
  if (given && given.trim() !== '') return given;
  const path = join(dataDir, secretFileName);
  try {
    return readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  ensurePrivateDir(dataDir);
  const secret = randomToken();
  try {
    writeFileSync(path, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    // Another process won the race: use its secret.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(path, 'utf8').trim();
    throw error;
  }
}

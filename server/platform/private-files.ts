import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

/**
 * DATA_DIR and what the server keeps in it (database, secrets, documents) are the server's user's alone:
 * folders 0700, files 0600, whatever the umask, and tightened when an older version left them open.
 */

function tighten(path: string, mode: number): void {
  try {
    chmodSync(path, mode);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Missing: nothing to protect. Not ours (an operator's shared folder): the operator's choice stands.
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}

/** Creates the folder (and its parents) when missing; the folder itself ends up 0700. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  tighten(path, 0o700);
}

/** Creates the file empty when missing; either way it ends up 0600. */
export function ensurePrivateFile(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  tighten(path, 0o600);
}

/** Makes a file 0600 if it exists. */
export function tightenFile(path: string): void {
  tighten(path, 0o600);
}

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** More files than a config folder holds (~120 today): a folder this big is not hashed, and nothing is reused. */
const maxFiles = 5_000;

/**
 * Every file under `folders` (path and bytes) as one hash: two reads of the same folders with the same fingerprint
 * read the same content. Undefined when a folder holds more than `maxFiles` files.
 */
export function folderFingerprint(folders: readonly string[]): string | undefined {
  const hash = createHash('sha256');
  let files = 0;
  const walk = (dir: string): boolean => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch {
      hash.update(`\0missing ${dir}\0`);
      return true;
    }
    for (const entry of entries) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!walk(path)) return false;
        continue;
      }
      files += 1;
      if (files > maxFiles) return false;
      hash.update(`\0${path}\0`);
      try {
        hash.update(readFileSync(path));
      } catch {
        hash.update('\0unreadable\0');
      }
    }
    return true;
  };
  for (const folder of folders) if (!walk(folder)) return undefined;
  return hash.digest('hex');
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Where a client build records the config release it was built from (scripts/vite-config-release.ts writes it). */
export const builtReleaseFile = join('.vite', 'config-release.json');

/** The config release (its SHA-256) a built client such as dist/ was made from, or undefined when it does not say. */
export function builtRelease(dir: string): string | undefined {
  try {
    const { hash } = JSON.parse(readFileSync(join(dir, builtReleaseFile), 'utf8')) as { hash?: unknown };
    return typeof hash === 'string' ? hash : undefined;
  } catch {
    return undefined;
  }
}

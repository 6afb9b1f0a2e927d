import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../server/config/load-config';

const { minVersion, satisfies } = createRequire(import.meta.url)('semver') as {
  minVersion(range: string): { version: string } | null;
  satisfies(version: string, range: string): boolean;
};

interface Lockfile {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
}

describe('the Node the install needs', () => {
  it('every package npm installs accepts the oldest Node package.json allows (no EBADENGINE warning on Node 20)', () => {
    const ours = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
    const oldest = minVersion(ours)?.version ?? '';
    expect(oldest).toBe('20.19.0');
    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as Lockfile;
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range && !satisfies(oldest, range) ? [`${path.replace(/^.*node_modules\//, '')}@${entry.version}: node ${range}`] : [];
      });
    expect(refusing).toEqual([]);
  });
});

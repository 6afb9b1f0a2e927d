import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type LoadConfigOptions, type LoadedConfig, loadConfig } from '../config/load-config';
import type { ReleaseFiles } from './snapshot';

/**
 * Config files held in the database (a release's, a studio draft's) loaded and checked exactly as the server loads
 * flow-config/: written to a private temporary folder, read by loadConfig (a ConfigError names every problem), removed.
 * `use` reads what it needs of the folder before it goes (the step schemas, say).
 */
export function loadConfigFiles<T>(files: ReleaseFiles, use: (config: LoadedConfig, stepSchemasDir: string) => T, options: Omit<LoadConfigOptions, 'stepSchemasDir'> = {}): T {
  const root = mkdtempSync(join(tmpdir(), 'onboard-config-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      const file = join(root, ...path.split('/'));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, text, { mode: 0o600 });
    }
    const stepSchemasDir = join(root, 'schemas', 'step-data');
    return use(loadConfig(join(root, 'flow-config'), { ...options, stepSchemasDir }), stepSchemasDir);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type LoadConfigOptions, type LoadedConfig, loadConfig } from '../config/load-config';
import type { ReleaseFiles } from './snapshot';

/** Where a release's files are once written out under a root: its flow-config/ and its schemas/step-data/. */
export interface WrittenConfig {
  root: string;
  configDir: string;
  stepSchemasDir: string;
}

/** Writes a release's files ('flow-config/…', 'schemas/…') into a new private temporary folder; the caller removes `root`. */
export function writeConfigFiles(files: ReleaseFiles, prefix = 'onboard-config-'): WrittenConfig {
  const root = mkdtempSync(join(tmpdir(), prefix));
  for (const [path, text] of Object.entries(files)) {
    const file = join(root, ...path.split('/'));
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text, { mode: 0o600 });
  }
  return { root, configDir: join(root, 'flow-config'), stepSchemasDir: join(root, 'schemas', 'step-data') };
}

/**
 * Config files held in the database (a release's, a studio draft's) loaded and checked exactly as the server loads
 * flow-config/: written to a private temporary folder, read by loadConfig (a ConfigError names every problem), removed.
 * `use` reads what it needs of the folder before it goes (the step schemas, say).
 */
export function loadConfigFiles<T>(files: ReleaseFiles, use: (config: LoadedConfig, stepSchemasDir: string) => T, options: Omit<LoadConfigOptions, 'stepSchemasDir'> = {}): T {
  const { root, configDir, stepSchemasDir } = writeConfigFiles(files);
  try {
    return use(loadConfig(configDir, { ...options, stepSchemasDir }), stepSchemasDir);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

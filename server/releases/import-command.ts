import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { releaseHashAndFiles } from './repository';
import { snapshotConfig } from './snapshot';

export interface ImportCommandOptions {
  number: number;
  configDir: string;
  stepSchemasDir: string;
  dataDir: string;
  databaseUrl?: string | undefined;
}

export interface ImportedRelease {
  hash: string;
  written: string[];
  removed: string[];
}

/** Where a release's path ('flow-config/…', 'schemas/…') is in this checkout. */
function fileIn(options: ImportCommandOptions, path: string): string {
  const [folder, ...rest] = path.split('/');
  return join(folder === 'flow-config' ? options.configDir : dirname(options.stepSchemasDir), ...rest);
}

/**
 * `npm run config:import <number>`: writes release `number` (made by `config:release` or published in the studio)
 * into flow-config/ and schemas/, so the repository holds what applicants are served: the files it changes are
 * written, the config files it does not hold are removed (a release is the whole config; README.md guides stay).
 * Nothing is written when the release is not in the database.
 */
export async function importRelease(options: ImportCommandOptions): Promise<ImportedRelease> {
  const db = createDatabase({ dataDir: options.dataDir, databaseUrl: options.databaseUrl });
  let release;
  try {
    await migrateToLatest(db);
    release = await releaseHashAndFiles(db, options.number);
  } finally {
    await db.destroy();
  }
  if (!release) throw new Error(`there is no config release ${options.number} in the database`);
  const files = release.files();
  const current = snapshotConfig(options.configDir, options.stepSchemasDir).files;
  const written = Object.keys(files).filter((path) => current[path] !== files[path]);
  const removed = Object.keys(current).filter((path) => !(path in files));
  for (const path of written) {
    const file = fileIn(options, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, files[path] as string);
  }
  for (const path of removed) rmSync(fileIn(options, path));
  return { hash: release.hash, written, removed };
}

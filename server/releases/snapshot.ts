import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

/** Every file of a release by its path ('flow-config/flow.json', 'schemas/step-data/pan.schema.json'), with its exact text. */
export type ReleaseFiles = Readonly<Record<string, string>>;

export interface ConfigSnapshot {
  files: ReleaseFiles;
  /** SHA-256 (hex) of every path and text, in path order: equal configs have equal hashes, whatever the folders. */
  hash: string;
}

/** Guides for the people who edit the config (README.md): not config, so rewording them makes no release. */
const isConfigFile = (name: string) => !name.endsWith('.md');

function filesUnder(root: string, prefix: string, into: Record<string, string>): void {
  for (const entry of readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !isConfigFile(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    into[`${prefix}/${relative(root, path).split(sep).join('/')}`] = readFileSync(path, 'utf8');
  }
}

export function snapshotHash(files: ReleaseFiles): string {
  const hash = createHash('sha256');
  for (const path of Object.keys(files).sort()) hash.update(path).update('\0').update(files[path] ?? '').update('\0');
  return hash.digest('hex');
}

/**
 * The config as it is on disk: `configDir` (flow-config/, every language under it) and the schemas folder that holds
 * `stepSchemasDir` (schemas/: meta-schemas, lists, step data). Read after the config check passed, so what is frozen
 * is what was checked.
 */
export function snapshotConfig(configDir: string, stepSchemasDir: string): ConfigSnapshot {
  const files: Record<string, string> = {};
  filesUnder(configDir, 'flow-config', files);
  filesUnder(dirname(stepSchemasDir), 'schemas', files);
  const sorted = Object.fromEntries(Object.keys(files).sort().map((path) => [path, files[path] as string]));
  return { files: sorted, hash: snapshotHash(sorted) };
}

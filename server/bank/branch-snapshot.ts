import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import type { BankDatabase } from './bank-tables';
import { parseBranchCsv } from './branch-records';
import { type BranchLoadResult, loadBranches, loadedVersion } from './repositories/branch-store';

/** The committed folder of the shipped snapshot (data/ at the top level is ignored by git). */
export const branchSnapshotDir = join(dirname(fileURLToPath(import.meta.url)), 'data');
const snapshotName = /^branches-([A-Za-z0-9._-]+)\.csv(\.gz)?$/;

/** reference_data_versions keys: the shipped snapshot, and the last file an operator imported. */
export const snapshotKey = 'bank_branches_snapshot';
export const importKey = 'bank_branches_import';

/** The one `branches-<version>.csv.gz` in `dir`; a missing or second one is a packaging error. */
export function findBranchSnapshot(dir: string = branchSnapshotDir): string {
  const found = existsSync(dir) ? readdirSync(dir).filter((name) => snapshotName.test(name)) : [];
  if (found.length !== 1) {
    throw new Error(`expected one branches-<version>.csv.gz in ${dir}, found ${found.length === 0 ? 'none' : found.join(', ')}`);
  }
  return join(dir, found[0] as string);
}

export function snapshotVersion(file: string): string {
  const version = snapshotName.exec(basename(file))?.[1];
  if (!version) throw new Error(`${file}: a snapshot is named branches-<version>.csv or .csv.gz`);
  return version;
}

/** A branch file's text: gunzipped when it ends in .gz. */
export function readBranchFile(file: string): string {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

export interface SnapshotLoad extends BranchLoadResult {
  version: string;
  ms: number;
}

/**
 * First start: loads the snapshot in one transaction; later starts see its version and skip it
 * (without reading the file). The version comes from the file name, which the build script derives
 * from the content.
 */
export async function ensureBranchSnapshot(db: Kysely<BankDatabase>, file: string, now: number): Promise<SnapshotLoad> {
  const started = performance.now();
  const version = snapshotVersion(file);
  if ((await loadedVersion(db, snapshotKey)) === version) {
    return { status: 'already-loaded', rows: 0, version, ms: performance.now() - started };
  }
  const { records } = parseBranchCsv(readBranchFile(file));
  const result = await loadBranches(db, records, { name: snapshotKey, version, now });
  return { ...result, version, ms: performance.now() - started };
}

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatBranchCsv, parseBranchCsv } from '../server/bank/branch-records';
import { branchSnapshotDir, findBranchSnapshot, readBranchFile } from '../server/bank/branch-snapshot';
import { repoRoot } from '../server/config/load-config';

/**
 * `npm run data:build-branch-snapshot [-- <file.csv | file.csv.gz>]`: the shipped branch snapshot from a branch
 * file of our columns or a Razorpay IFSC.csv, by default the snapshot the repository ships (a fresh clone rebuilds
 * it as it is, or in a new normal form after a change to the parsing). Normalised, sorted by IFSC, gzip -9, named
 * by a hash of its content so a changed snapshot loads again on the next start.
 */
const maxBytes = 8 * 1024 * 1024;

export interface BuiltSnapshot {
  file: string;
  branches: number;
  banks: number;
  skipped: number;
  bytes: number;
}

export function buildBranchSnapshot(source: string, outDir: string = branchSnapshotDir): BuiltSnapshot {
  if (!existsSync(source)) throw new Error(`${source} does not exist: give a branch file (ours, or Razorpay's IFSC.csv), or none to rebuild the shipped snapshot`);
  const { records, skipped } = parseBranchCsv(readBranchFile(source));
  if (records.length === 0) throw new Error(`${source} has no rows with a valid IFSC`);
  const csv = formatBranchCsv(records);
  const version = createHash('sha256').update(csv).digest('hex').slice(0, 12);
  const gzipped = gzipSync(csv, { level: 9 });
  if (gzipped.length > maxBytes) throw new Error(`snapshot is ${gzipped.length} bytes, over the ${maxBytes}-byte budget: not written`);
  // Read before the old snapshot goes: the source may be that very file.
  for (const old of readdirSync(outDir).filter((name) => /^branches-.*\.csv(\.gz)?$/.test(name))) rmSync(join(outDir, old));
  const file = join(outDir, `branches-${version}.csv.gz`);
  writeFileSync(file, gzipped);
  return { file, branches: records.length, banks: new Set(records.map((record) => record.bankCode)).size, skipped, bytes: gzipped.length };
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  try {
    const built = buildBranchSnapshot(process.argv[2] ?? findBranchSnapshot());
    console.log(
      `${relative(repoRoot, built.file)}: ${built.branches} branches of ${built.banks} banks, ${(built.bytes / 1024 / 1024).toFixed(2)} MB` +
        (built.skipped ? ` (${built.skipped} rows without a valid IFSC skipped)` : ''),
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}

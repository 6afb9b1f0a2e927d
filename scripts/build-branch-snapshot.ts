import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { formatBranchCsv, parseBranchCsv } from '../server/bank/branch-records';
import { branchSnapshotDir } from '../server/bank/branch-snapshot';
import { repoRoot } from '../server/config/load-config';

/**
 * `npm run data:build-branch-snapshot [-- <file.csv>]`: the shipped branch snapshot from the shared
 * directory (default ../shared/data/bank-branches.csv) or a Razorpay IFSC.csv. Normalised, sorted by
 * IFSC, gzip -9, named by a hash of its content so a changed snapshot loads again on the next start.
 */
const maxBytes = 8 * 1024 * 1024;
const source = process.argv[2] ?? join(repoRoot, '..', 'shared', 'data', 'bank-branches.csv');

const { records, skipped } = parseBranchCsv(readFileSync(source, 'utf8'));
const csv = formatBranchCsv(records);
const version = createHash('sha256').update(csv).digest('hex').slice(0, 12);
const gzipped = gzipSync(csv, { level: 9 });
if (gzipped.length > maxBytes) {
  console.error(`snapshot is ${gzipped.length} bytes, over the ${maxBytes}-byte budget: not written`);
  process.exit(1);
}
for (const old of readdirSync(branchSnapshotDir).filter((name) => /^branches-.*\.csv(\.gz)?$/.test(name))) {
  rmSync(join(branchSnapshotDir, old));
}
const target = join(branchSnapshotDir, `branches-${version}.csv.gz`);
writeFileSync(target, gzipped);
const banks = new Set(records.map((record) => record.bankCode)).size;
console.log(`${relative(repoRoot, target)}: ${records.length} branches of ${banks} banks, ${(gzipped.length / 1024 / 1024).toFixed(2)} MB` +
  (skipped ? ` (${skipped} rows without a valid IFSC skipped)` : ''));
